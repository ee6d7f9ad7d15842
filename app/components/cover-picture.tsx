import type { ImgHTMLAttributes } from "react";

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "alt"> & { src: string; webp: string };

/**
 * A card's cover: the platform's WebP (`wbep_thumb`, about a third of the JPEG's bytes) where the browser takes it,
 * the JPEG elsewhere. The <picture> lays out as its <img> alone (`.cover-picture`), so the image keeps its class.
 */
export function CoverPicture({ src, webp, ...image }: Props) {
  const img = <img src={src} alt="" {...image} />;
  if (!webp) return img;
  return (
    <picture className="cover-picture">
      <source srcSet={webp} type="image/webp" />
      {img}
    </picture>
  );
}
