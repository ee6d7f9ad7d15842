import { describe, expect, it } from "vitest";
import { clockTime, playbackOf } from "~/lib/media-playback";

describe("playbackOf", () => {
  const none = { nativeHls: false, mse: false };
  it("lets the <source> list play an MP4, whatever the browser", () => {
    expect(playbackOf({ mp4: "/a.mp4", hls: "/a.m3u8" }, none)).toBe("sources");
    expect(playbackOf({ mp4: "/a.mp4", hls: "" }, { nativeHls: false, mse: true })).toBe("sources");
  });
  it("plays an HLS-only video natively where the browser can", () => {
    expect(playbackOf({ mp4: "", hls: "/a.m3u8" }, { nativeHls: true, mse: true })).toBe("sources");
  });
  it("needs hls.js for an HLS-only video without native HLS but with Media Source Extensions", () => {
    expect(playbackOf({ mp4: "", hls: "/a.m3u8" }, { nativeHls: false, mse: true })).toBe("hls.js");
  });
  it("gives up when nothing can play it", () => {
    expect(playbackOf({ mp4: "", hls: "/a.m3u8" }, none)).toBe("unplayable");
    expect(playbackOf({ mp4: "", hls: "" }, { nativeHls: true, mse: true })).toBe("unplayable");
  });
});

describe("clockTime", () => {
  it("shows minutes and seconds, hours only when there are some", () => {
    expect(clockTime(7)).toBe("00:07");
    expect(clockTime(205.9)).toBe("03:25");
    expect(clockTime(3723)).toBe("1:02:03");
  });
  it("shows 00:00 for unknown or broken values", () => {
    expect(clockTime(Number.NaN)).toBe("00:00");
    expect(clockTime(Infinity)).toBe("00:00");
    expect(clockTime(-3)).toBe("00:00");
  });
});
