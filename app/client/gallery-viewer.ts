import PhotoSwipe from "photoswipe";
import "photoswipe/style.css";
import type { GalleryPicture } from "~/components/content/body-props";

/** Loaded by the gallery body's dynamic import() on the first picture opened, so PhotoSwipe is in no page's first-load JavaScript. */
export function openGalleryViewer(pictures: GalleryPicture[], index: number, thumbnails: HTMLElement[]): void {
  const viewer = new PhotoSwipe({
    dataSource: pictures.map((picture, i) => {
      // A picture the page has shown is the same file at the same size (its WebP, where the browser took it): the
      // viewer shows it without a second download. One not yet loaded is fetched as the full picture, over its thumbnail.
      const shown = thumbnails[i]?.querySelector("img")?.currentSrc;
      return {
        src: shown || picture.url,
        msrc: shown || picture.thumb || picture.url,
        width: picture.width,
        height: picture.height,
        alt: picture.description,
        // The zoom-in / zoom-out animation starts from the picture in the page.
        element: thumbnails[i],
      };
    }),
    index,
    bgOpacity: 1,
    loop: false,
    indexIndicatorSep: " / ",
    closeTitle: "关闭",
    zoomTitle: "缩放",
    arrowPrevTitle: "上一张",
    arrowNextTitle: "下一张",
    errorMsg: "图片加载失败",
  });
  viewer.on("uiRegister", () => {
    viewer.ui?.registerElement({
      name: "custom-caption",
      order: 9,
      isButton: false,
      appendTo: "root",
      onInit: (element) => {
        const show = () => {
          element.textContent = pictures[viewer.currIndex]?.description ?? "";
        };
        viewer.on("change", show);
        show();
      },
    });
  });
  // Back in the page, the picture the visitor ended on is where they are.
  viewer.on("destroy", () => thumbnails[viewer.currIndex]?.scrollIntoView({ block: "center" }));
  viewer.init();
}
