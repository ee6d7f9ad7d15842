import type { ImgHTMLAttributes } from "react";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & { src: string; webp: string };

/** A <picture> lays out as its <img> alone (app.css), so the image keeps its class. */
export function CoverPicture({ src, webp, ...image }: Props) {
  return (
    <picture>
      {webp ? <source srcSet={webp} type="image/webp" /> : null}
      <img src={src} alt="" {...image} />
    </picture>
  );
}
