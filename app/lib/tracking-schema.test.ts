import { describe, expect, it } from "vitest";
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS } from "~/lib/tracking";
import { parseBrowserBatch, trackingEventSchema } from "~/lib/tracking-schema";

const view = { behavior: "view", timestamp: 1_795_000_000, tid: "Xk9aQ2bL" };
const read = { behavior: "read", timestamp: 1_795_000_010, tid: "Xk9aQ2bL", duration: 10, percent: 55 };
const parse = (events: unknown) => parseBrowserBatch(JSON.stringify(events));

describe("parseBrowserBatch", () => {
  it("accepts views, reads, exposes and pages without content", () => {
    const events = [
      view,
      read,
      { behavior: "expose", timestamp: 1_795_000_000, tid: "a1|b2" },
      { behavior: "view", timestamp: 1_795_000_000, tid: "", path: "/" },
    ];
    expect(parse(events)).toEqual({ ok: true, events });
  });

  it("refuses what is not a list of events", () => {
    expect(parseBrowserBatch("")).toMatchObject({ ok: false });
    expect(parseBrowserBatch("{not json")).toMatchObject({ ok: false });
    expect(parse(view)).toMatchObject({ ok: false });
    expect(parse([])).toMatchObject({ ok: false });
  });

  it("refuses a read without duration and percent, and any other behaviour with them", () => {
    expect(parse([{ ...read, percent: undefined }])).toMatchObject({ ok: false });
    expect(parse([{ ...view, duration: 3 }])).toMatchObject({ ok: false });
    expect(parse([{ ...read, percent: 101 }])).toMatchObject({ ok: false });
    expect(parse([{ ...read, duration: -1 }])).toMatchObject({ ok: false });
  });

  it("refuses fields the server fills in (a user id from the browser is never trusted) and unknown behaviours", () => {
    expect(parse([{ ...view, user_id: "someone" }])).toMatchObject({ ok: false });
    expect(parse([{ ...view, behavior: "click" }])).toMatchObject({ ok: false });
  });

  it("refuses ids that are not content ids, events that name nothing, and milliseconds for seconds", () => {
    expect(parse([{ ...view, tid: "a1||b2" }])).toMatchObject({ ok: false });
    expect(parse([{ ...view, tid: "<script>" }])).toMatchObject({ ok: false });
    expect(parse([{ ...view, tid: "" }])).toMatchObject({ ok: false });
    expect(parse([{ ...view, timestamp: 1_795_000_000_000 }])).toMatchObject({ ok: false });
  });

  it("caps a batch by events and bytes", () => {
    expect(parse(Array.from({ length: MAX_BATCH_EVENTS }, () => view))).toMatchObject({ ok: true });
    expect(parse(Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => view))).toMatchObject({ ok: false });
    const padded = JSON.stringify([view]).replace("[", `[${" ".repeat(MAX_BATCH_BYTES)}`);
    expect(parseBrowserBatch(padded)).toMatchObject({ ok: false, error: expect.stringContaining("bytes") });
  });
});

describe("trackingEventSchema", () => {
  const complete = {
    ...view,
    version: "1",
    terminal: "wap",
    device_type: "mobile",
    device_os: "android",
    user_id: "",
    device_id: "d1e2v3",
    anonymous_id: "a1n2o3",
  };

  it("accepts spec section 3's fields and the reader's ids", () => {
    expect(trackingEventSchema.safeParse(complete).success).toBe(true);
    expect(trackingEventSchema.safeParse({ ...complete, device_id: "", anonymous_id: "" }).success).toBe(true);
  });

  it("refuses a reader id that is not a plain token", () => {
    expect(trackingEventSchema.safeParse({ ...complete, device_id: "<script>" }).success).toBe(false);
    expect(trackingEventSchema.safeParse({ ...complete, anonymous_id: "a".repeat(65) }).success).toBe(false);
  });

  it("refuses another version or terminal, and a missing field", () => {
    expect(trackingEventSchema.safeParse({ ...complete, version: "2" }).success).toBe(false);
    expect(trackingEventSchema.safeParse({ ...complete, terminal: "pc" }).success).toBe(false);
    const { user_id: _, ...withoutUser } = complete;
    expect(trackingEventSchema.safeParse(withoutUser).success).toBe(false);
  });
});
