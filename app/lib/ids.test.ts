import { describe, expect, it } from "vitest";
import { createIdCodec } from "~/lib/ids";

const ids = createIdCodec({ salt: "test-salt", minLength: 8 });

describe("createIdCodec", () => {
  it("round-trips database ids through hashids of the minimum length", () => {
    for (const n of [1, 2, 42, 123456]) {
      const encoded = ids.encode(n);
      expect(encoded.length).toBeGreaterThanOrEqual(8);
      expect(ids.decode(encoded)).toBe(n);
    }
  });

  it("rejects strings that are not ids", () => {
    for (const bad of ["", "index.html", "zzzzzzzz", "0", "../etc", "abc def", "a".repeat(65)]) {
      expect(ids.decode(bad)).toBeNull();
    }
  });

  it("rejects an id made with another salt", () => {
    const other = createIdCodec({ salt: "other", minLength: 8 });
    expect(ids.decode(other.encode(7))).not.toBe(7);
  });

  it("accepts only the canonical encoding", () => {
    const encoded = ids.encode(5);
    expect(ids.decode(encoded.toUpperCase() === encoded ? encoded.toLowerCase() : encoded.toUpperCase())).toBeNull();
  });
});
