import { afterEach, expect, it } from "vitest";
import { logger, routeConsoleToLogger, withRequestId } from "~/runtime/logger.server";
import { captureLog } from "~/runtime/logger.test-support";

it("writes one JSON object per line with the level's name, an ISO time and the message; an error with its stack", () => {
  const { lines } = captureLog();
  logger.info({ port: 3000 }, "listening");
  logger.error({ err: new TypeError("no such thing") }, "request failed");
  logger.debug("below the threshold");
  expect(lines).toEqual([
    expect.objectContaining({ level: "info", msg: "listening", port: 3000, time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) }),
    expect.objectContaining({
      level: "error",
      msg: "request failed",
      err: expect.objectContaining({ type: "TypeError", message: "no such thing", stack: expect.stringContaining("logger.server.test.ts") }),
    }),
  ]);
  expect(lines[0]).not.toHaveProperty("requestId");
});

it("gives the lines of a request's work its id, through awaits and timers, and no other request's", async () => {
  const { lines } = captureLog();
  await Promise.all(
    ["request-a", "request-b"].map((id) =>
      withRequestId(id, async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        logger.warn(`work of ${id}`);
      }),
    ),
  );
  expect(lines.map(({ msg, requestId }) => [msg, requestId]).sort()).toEqual([
    ["work of request-a", "request-a"],
    ["work of request-b", "request-b"],
  ]);
});

const consoleAsItWas = { ...console };
afterEach(() => void Object.assign(console, consoleAsItWas));

it("takes what packages write to the console as lines of the matching level", () => {
  const { lines } = captureLog("debug");
  routeConsoleToLogger();
  console.warn("can't use %s in server side", "an SDK");
  console.log("plain");
  console.error(new RangeError("out of range"));
  expect(lines).toEqual([
    expect.objectContaining({ level: "warn", msg: "can't use an SDK in server side" }),
    expect.objectContaining({ level: "info", msg: "plain" }),
    expect.objectContaining({
      level: "error",
      msg: expect.stringContaining("RangeError: out of range"),
      err: expect.objectContaining({ type: "RangeError" }),
    }),
  ]);
});
