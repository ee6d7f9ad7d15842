import { describe, expect, it } from "vitest";
import { albumStatusText } from "./album-status";

describe("albumStatusText", () => {
  it("says updating when the album is empty, whatever its status", () => {
    expect(albumStatusText({ status: 0, total: 0 })).toBe("更新中");
    expect(albumStatusText({ status: 1, total: 0 })).toBe("更新中");
  });

  it("says updated to N while the album is still running", () => {
    expect(albumStatusText({ status: 0, total: 1 })).toBe("更新至1集");
    expect(albumStatusText({ status: 0, total: 36 })).toBe("更新至36集");
  });

  it("says finished with N for any other status", () => {
    expect(albumStatusText({ status: 1, total: 12 })).toBe("已完结 共12集");
    expect(albumStatusText({ status: 2, total: 3 })).toBe("已完结 共3集");
  });
});
