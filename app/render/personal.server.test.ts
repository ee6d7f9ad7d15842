import { describe, expect, it } from "vitest";
import { streamedString } from "~/render/personal.server";

describe("streamedString", () => {
  const hostile = ['{"user":{"alias":"</script><script>alert(1)</script>","avatar":""}}', "a & b > c \u2028 \u2029", 'back\\slash "quoted" 中文 \n\t'];

  it.each(hostile)("reads back, inside a script's string literal, as the serialized value: %s", (value) => {
    const literal = streamedString(value);
    // The script says enqueue("…"): the literal is JSON string text, and its text is the value as turbo-stream writes it.
    expect(JSON.parse(JSON.parse(`"${literal}"`))).toBe(value);
  });

  it.each(hostile)("cannot end the script or start markup: %s", (value) => {
    expect(streamedString(value)).not.toMatch(/[<>&\u2028\u2029]/);
  });
});
