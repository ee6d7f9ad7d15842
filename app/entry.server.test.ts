import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "./entry.server";

afterEach(() => vi.restoreAllMocks());

/** The shape of the error Remix passes for the answers it makes itself (internal: true). */
const routingError = (status: number, statusText: string, data: string) => ({ status, statusText, internal: true, data });
const request = () => new Request("http://localhost/davmu/share/nope");

describe("handleError", () => {
  it("does not log Remix's own 4xx answers (no route, no action): they are the visitor's mistake", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(routingError(404, "Not Found", 'Error: No route matches URL "/favicon.ico"'), { request: request() });
    handleError(routingError(405, "Method Not Allowed", "Error: no action"), { request: request() });
    expect(log).not.toHaveBeenCalled();
  });

  it("logs real failures", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = new Error("boom");
    handleError(error, { request: request() });
    expect(log).toHaveBeenCalledWith(error);
  });
});
