import { describe, expect, it } from "vitest";
import { chooseEncoding } from "./response-encoding";

describe("chooseEncoding", () => {
  it("prefers brotli, then gzip, and respects q=0", () => {
    expect(chooseEncoding("gzip, deflate, br")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
  });
});
