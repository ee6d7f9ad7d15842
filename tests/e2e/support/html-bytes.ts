import { expect, type APIRequestContext } from "@playwright/test";

/**
 * Fetches `path` as a browser would and checks the raw HTML bytes are clean UTF-8 text: no NUL
 * bytes (a streaming renderer that splits multi-byte characters at buffer boundaries leaves them)
 * and no byte sequence that fails to decode.
 */
export async function expectCleanHtmlBytes(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { headers: { accept: "text/html" } });
  expect(response.status(), `status of ${path}`).toBeLessThan(500);
  const body = await response.body();
  const nulOffsets: number[] = [];
  body.forEach((byte, offset) => {
    if (byte === 0) nulOffsets.push(offset);
  });
  const context = nulOffsets.slice(0, 3).map((offset) => JSON.stringify(body.subarray(Math.max(0, offset - 40), offset + 10).toString("utf8")));
  expect(nulOffsets, `NUL bytes in ${path} at ${nulOffsets.join(", ")}: ${context.join(" | ")}`).toEqual([]);
  const text = new TextDecoder("utf-8", { fatal: false }).decode(body);
  expect(text.includes("\uFFFD"), `undecodable UTF-8 in ${path}`).toBe(false);
  return text;
}
