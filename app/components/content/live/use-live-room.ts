import { useHref, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { LiveMessage, LivePlaylist, LivePost, LiveState, LiveStats } from "~/bff/live.server";
import type { ContentView, LiveRoom } from "~/components/content/body-props";
import { LIVE_STATUS, shownStatus, type LiveStatus } from "~/lib/live-state";
import { openLiveEvents, type Connection } from "./live-event-source";

/** The most posts and messages a page keeps in memory (newest first); older ones are on the platform. */
const KEEP = 200;

type Room = {
  status: LiveStatus;
  start_time: number;
  end_time: number;
  stream_url: string | null;
  playlists: LivePlaylist[];
  online_count: number;
  like_count: number;
  posts: LivePost[];
  messages: LiveMessage[];
  /** The newest event id the room reflects: the loader's position, then each stream event's (null: unknown). */
  seen: number | null;
};

type Action =
  | { type: "post"; post: LivePost; id: number }
  | { type: "message"; message: LiveMessage; id?: number }
  | { type: "stats"; stats: LiveStats; id: number }
  | { type: "state"; state: LiveState; id: number }
  | { type: "loaded"; room: LiveRoom };

/** Newest first, each id once: a message the sender saw at once is not shown again when the stream echoes it. */
function merge<T extends { msg_id: string; created_at: number }>(current: T[], incoming: T[]): T[] {
  const byId = new Map(current.map((item) => [item.msg_id, item]));
  for (const item of incoming) byId.set(item.msg_id, item);
  return [...byId.values()].sort((a, b) => b.created_at - a.created_at || (a.msg_id < b.msg_id ? 1 : -1)).slice(0, KEEP);
}

export function fromLoader(room: LiveRoom): Room {
  const { info } = room;
  return {
    status: info.status,
    start_time: info.start_time,
    end_time: info.end_time,
    stream_url: info.stream_url,
    playlists: info.playlists,
    online_count: info.online_count,
    like_count: info.like_count,
    posts: room.posts.list,
    messages: room.messages.list,
    seen: room.resumeFrom,
  };
}

const newest = (seen: number | null, id: number | undefined) => (id === undefined ? seen : Math.max(seen ?? id, id));

export function reduceLiveRoom(room: Room, action: Action): Room {
  switch (action.type) {
    case "post":
      return { ...room, posts: merge(room.posts, [action.post]), seen: newest(room.seen, action.id) };
    case "message":
      return { ...room, messages: merge(room.messages, [action.message]), seen: newest(room.seen, action.id) };
    case "stats":
      return { ...room, ...action.stats, seen: newest(room.seen, action.id) };
    case "state":
      return { ...room, ...action.state, seen: newest(room.seen, action.id) };
    case "loaded": {
      // The page cache may answer a reload with data older than the stream's last event, whose state would move the
      // page back (live to upcoming): state and counts the stream already told newer stay.
      const loaded = fromLoader(action.room);
      const lists = { posts: merge(room.posts, loaded.posts), messages: merge(room.messages, loaded.messages) };
      const older = loaded.seen !== null && room.seen !== null && loaded.seen < room.seen;
      return older ? { ...room, ...lists } : { ...loaded, ...lists };
    }
  }
}

/** At the start the page's data is reloaded once, so it has the stream's address even before the state event arrives. */
export function useLiveRoom(extra: LiveRoom) {
  const liveId = extra.info.live_id;
  const [room, dispatch] = useReducer(reduceLiveRoom, extra, fromLoader);
  const [now, setNow] = useState<number | null>(null);
  const [connection, setConnection] = useState<Connection>("connecting");
  const revalidator = useRevalidator();
  // The stream of the page's language (useHref puts its basename in front): a zh-Hant page's messages come converted.
  const events = useHref(`/api/live/${encodeURIComponent(liveId)}/events`);

  // Loader data that changes after the first render (a revalidation) is merged in; the first is already there.
  const first = useRef(extra);
  useEffect(() => {
    if (extra !== first.current) dispatch({ type: "loaded", room: extra });
  }, [extra]);

  // The clock: once a second, only in the browser (the server's page shows the platform's state).
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);

  const status = now === null ? room.status : shownStatus(room.status, room, now);
  const ended = status === LIVE_STATUS.ended;

  // The revalidator changes on every navigation state: the effects below call its latest revalidate without watching it.
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  const crossed = useRef(status);
  useEffect(() => {
    if (status !== crossed.current && status !== LIVE_STATUS.upcoming) revalidate.current();
    crossed.current = status;
  }, [status]);

  useEffect(() => {
    if (ended || typeof EventSource === "undefined") return;
    return openLiveEvents({
      url: events,
      resumeFrom: extra.resumeFrom,
      events: {
        post: (post, id) => dispatch({ type: "post", post: post as LivePost, id }),
        message: (message, id) => dispatch({ type: "message", message: message as LiveMessage, id }),
        stats: (stats, id) => dispatch({ type: "stats", stats: stats as LiveStats, id }),
        state: (state, id) => dispatch({ type: "state", state: state as LiveState, id }),
        // The site could not say what was missed while away: the page reloads its lists instead.
        reset: () => revalidate.current(),
      },
      onConnection: setConnection,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one stream per broadcast and page: resumeFrom only matters for the first connection
  }, [liveId, ended]);

  const addOwnMessage = useCallback((message: LiveMessage) => dispatch({ type: "message", message }), []);

  return { room, status, now, connection, addOwnMessage };
}

export type LiveRoomView = ReturnType<typeof useLiveRoom>;

export type LiveScreenProps = { room: LiveRoom; view: LiveRoomView; content: ContentView };
