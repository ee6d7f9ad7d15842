import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryWhile } from "./retry";

type Reply = { code: number };

function replies(...codes: number[]) {
  let call = 0;
  return vi.fn(async (): Promise<Reply> => ({ code: codes[Math.min(call++, codes.length - 1)] }));
}

const is402 = (reply: Reply) => reply.code === 402;

describe("retryWhile", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("returns at once when the first result is fine", async () => {
    const fn = replies(0);
    await expect(retryWhile(fn, is402)).resolves.toEqual({ code: 0 });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("waits 100 ms between attempts by default", async () => {
    const fn = replies(402, 0);
    const pending = retryWhile(fn, is402);
    await vi.advanceTimersByTimeAsync(0);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(fn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fn).toHaveBeenCalledTimes(2);
    await expect(pending).resolves.toEqual({ code: 0 });
  });

  it("gives up after 3 retries and returns the last result", async () => {
    const fn = replies(402);
    const pending = retryWhile(fn, is402);
    await vi.runAllTimersAsync();
    await expect(pending).resolves.toEqual({ code: 402 });
    expect(fn).toHaveBeenCalledTimes(4);
  });

  it("honours custom retries and delay", async () => {
    const fn = replies(402);
    const pending = retryWhile(fn, is402, { retries: 1, delayMs: 10 });
    await vi.advanceTimersByTimeAsync(10);
    await expect(pending).resolves.toEqual({ code: 402 });
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it("never retries with retries 0", async () => {
    const fn = replies(402);
    await expect(retryWhile(fn, is402, { retries: 0 })).resolves.toEqual({ code: 402 });
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it("lets a thrown error through without retrying", async () => {
    const fn = vi.fn(async (): Promise<Reply> => {
      throw new Error("offline");
    });
    await expect(retryWhile(fn, is402)).rejects.toThrow("offline");
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
