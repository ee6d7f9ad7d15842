import { describe, expect, it } from "vitest";
import { readerMediaHero, type ReaderPicture, type ReaderVideo } from "~/components/reader-media";

const picture = (url: string): ReaderPicture => ({ url, thumb: `${url}?thumb`, width: 640, height: 480 });
const video: ReaderVideo = { url: "/media/clip.mp4", poster: "/media/clip.jpg", width: 360, height: 640 };

describe("readerMediaHero", () => {
  it("is the video's poster when there is a video: it comes before the pictures", () => {
    expect(readerMediaHero({ images: [picture("/media/a.jpg")], video })).toEqual({ src: "/media/clip.jpg" });
  });

  it("is the first picture, full size, without a video", () => {
    expect(readerMediaHero({ images: [picture("/media/a.jpg"), picture("/media/b.jpg")], video: null })).toEqual({ src: "/media/a.jpg" });
  });

  it("is none without media, or for a video without a poster", () => {
    expect(readerMediaHero({ images: [], video: null })).toBeNull();
    expect(readerMediaHero({ images: [picture("/media/a.jpg")], video: { ...video, poster: "" } })).toBeNull();
  });
});
