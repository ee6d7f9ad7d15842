import type { ImgHTMLAttributes } from "react";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string; webp: string };

/**
 * A picture shown as its WebP (about a third of the JPEG's bytes) where the platform gives one and the browser takes
 * it. A <picture> lays out as its <img> alone (app.css), so the image keeps its class. Its text is empty unless given:
 * a cover beside its title says nothing more.
 */
export function WebpPicture({ src, webp, alt = "", ...image }: Props) {
  return (
    <picture>
      {webp ? <source srcSet={webp} type="image/webp" /> : null}
      <img src={src} alt={alt} {...image} />
    </picture>
  );
}
