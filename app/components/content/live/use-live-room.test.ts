import { describe, expect, it } from "vitest";
import type { LiveInfo, LiveMessage } from "~/bff/live.server";
import type { LiveRoom } from "~/components/content/body-props";
import { fromLoader, reduceLiveRoom } from "~/components/content/live/use-live-room";
import { LIVE_STATUS } from "~/lib/live-state";

const info = (status: LiveInfo["status"], startTime: number): LiveInfo => ({
  live_id: "birding-festival",
  group_id: "",
  title: "观鸟节",
  summary: "",
  cover: "",
  style: "landscape",
  status,
  start_time: startTime,
  end_time: startTime + 3600,
  countdown: { show: true, title: "" },
  online_count: 0,
  like_count: 10,
  stream_url: status === LIVE_STATUS.live ? "https://media.example.com/live.m3u8" : null,
  playlists: [],
  columns: [],
  host: { name: "主播", avatar: "" },
  lbs_id: null,
  booked: false,
  booking_count: 0,
});

const chat = (id: number): LiveMessage => ({
  msg_id: `m${id}`,
  text: `消息${id}`,
  user: { id: "1", nickname: "观众", avatar: "" },
  created_at: 1_700_000_000 + id,
});

const room = (status: LiveInfo["status"], startTime: number, resumeFrom: number | null, messages: LiveMessage[] = []): LiveRoom => ({
  info: info(status, startTime),
  posts: { list: [], has_more: false, last_event_id: resumeFrom },
  messages: { list: messages, has_more: false, last_event_id: resumeFrom },
  place: null,
  weather: null,
  resumeFrom,
});

describe("reduceLiveRoom", () => {
  it("takes fresh loader data's state and counts, and keeps the union of the lists", () => {
    const shown = reduceLiveRoom(fromLoader(room(LIVE_STATUS.upcoming, 2_000_000_000, 40, [chat(1)])), { type: "message", message: chat(2), id: 41 });
    const next = reduceLiveRoom(shown, { type: "loaded", room: room(LIVE_STATUS.live, 1_700_000_000, 50, [chat(3)]) });
    expect(next).toMatchObject({ status: LIVE_STATUS.live, start_time: 1_700_000_000, seen: 50 });
    expect(next.messages.map((m) => m.msg_id)).toEqual(["m3", "m2", "m1"]);
  });

  it("does not let loader data older than the stream's last event move the state back (a cached page's reload)", () => {
    const started = reduceLiveRoom(fromLoader(room(LIVE_STATUS.upcoming, 2_000_000_000, 40)), {
      type: "state",
      state: {
        status: LIVE_STATUS.live,
        start_time: 1_700_000_000,
        end_time: 1_700_003_600,
        stream_url: "https://media.example.com/live.m3u8",
        playlists: [],
      },
      id: 60,
    });
    const next = reduceLiveRoom(started, { type: "loaded", room: room(LIVE_STATUS.upcoming, 2_000_000_000, 45, [chat(4)]) });
    expect(next).toMatchObject({ status: LIVE_STATUS.live, start_time: 1_700_000_000, stream_url: "https://media.example.com/live.m3u8", seen: 60 });
    expect(next.messages.map((m) => m.msg_id)).toEqual(["m4"]);
  });

  it("counts a message the visitor sent (no event id) without moving its position", () => {
    const next = reduceLiveRoom(fromLoader(room(LIVE_STATUS.live, 1_700_000_000, 40)), { type: "message", message: chat(5) });
    expect(next.seen).toBe(40);
    expect(next.messages).toHaveLength(1);
  });
});
