import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useReducer, useRef, useState } from "react";
import type { LiveMessage, LivePlaylist, LivePost, LiveState, LiveStats } from "~/bff/live.server";
import type { ContentView, LiveRoom } from "~/components/content/body-props";
import { sitePath } from "~/lib/base-path";
import { LIVE_STATUS, shownStatus, type LiveStatus } from "~/lib/live-state";

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
};

type Action =
  | { type: "post"; post: LivePost }
  | { type: "message"; message: LiveMessage }
  | { type: "stats"; stats: LiveStats }
  | { type: "state"; state: LiveState }
  | { type: "loaded"; room: LiveRoom };

/** Newest first, each id once: a message the sender saw at once is not shown again when the stream echoes it. */
function merge<T extends { msg_id: string; created_at: number }>(current: T[], incoming: T[]): T[] {
  const byId = new Map(current.map((item) => [item.msg_id, item]));
  for (const item of incoming) byId.set(item.msg_id, item);
  return [...byId.values()].sort((a, b) => b.created_at - a.created_at || (a.msg_id < b.msg_id ? 1 : -1)).slice(0, KEEP);
}

function fromLoader(room: LiveRoom): Room {
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
  };
}

function reduce(room: Room, action: Action): Room {
  switch (action.type) {
    case "post":
      return { ...room, posts: merge(room.posts, [action.post]) };
    case "message":
      return { ...room, messages: merge(room.messages, [action.message]) };
    case "stats":
      return { ...room, ...action.stats };
    case "state":
      return { ...room, ...action.state };
    case "loaded": {
      // Fresh loader data (a reset, a booking, the start): its counts and state, and the union of the lists.
      const loaded = fromLoader(action.room);
      return { ...loaded, posts: merge(room.posts, loaded.posts), messages: merge(room.messages, loaded.messages) };
    }
  }
}

export type Connection = "connecting" | "open" | "lost";

/**
 * A broadcast as the page shows it, kept current: the loader's room, then the site's event stream (posts, chat,
 * counts, state) and the local clock, which moves the state on when the start or end time comes. At the start
 * the page's data is reloaded once, so that it has the stream's address even before the state event arrives.
 */
export function useLiveRoom(extra: LiveRoom) {
  const liveId = extra.info.live_id;
  const [room, dispatch] = useReducer(reduce, extra, fromLoader);
  const [now, setNow] = useState<number | null>(null);
  const [connection, setConnection] = useState<Connection>("connecting");
  const revalidator = useRevalidator();

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

  const crossed = useRef(status);
  useEffect(() => {
    if (status !== crossed.current && status !== LIVE_STATUS.upcoming) revalidator.revalidate();
    crossed.current = status;
    // The revalidator changes on every navigation state; only the status decides.
  }, [status]);

  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => {
    if (ended || typeof EventSource === "undefined") return;
    const query = extra.resumeFrom === null ? "" : `?last_event_id=${extra.resumeFrom}`;
    const source = new EventSource(sitePath(`api/live/${encodeURIComponent(liveId)}/events${query}`));
    const on = <T,>(name: string, handle: (data: T) => void) =>
      source.addEventListener(name, (event) => {
        try {
          handle(JSON.parse((event as MessageEvent<string>).data) as T);
        } catch {
          /* the hub only forwards checked JSON; nothing else is worth a crash */
        }
      });
    on<LivePost>("post", (post) => dispatch({ type: "post", post }));
    on<LiveMessage>("message", (message) => dispatch({ type: "message", message }));
    on<LiveStats>("stats", (stats) => dispatch({ type: "stats", stats }));
    on<LiveState>("state", (state) => dispatch({ type: "state", state }));
    // The site could not say what was missed while away: the page reloads its lists instead.
    on<unknown>("reset", () => revalidate.current());
    source.onopen = () => setConnection("open");
    // EventSource reconnects by itself (resuming with Last-Event-ID); the page only says it is trying.
    source.onerror = () => setConnection(source.readyState === EventSource.CLOSED ? "lost" : "connecting");
    return () => source.close();
    // One stream per broadcast and page: resumeFrom only matters for the first connection.
  }, [liveId, ended]);

  /** A message the visitor sent, shown at once (the stream's echo is the same id). */
  const addOwnMessage = useCallback((message: LiveMessage) => dispatch({ type: "message", message }), []);

  return { room, status, now, connection, addOwnMessage };
}

export type LiveRoomView = ReturnType<typeof useLiveRoom>;

/** What each of the three screens gets: the loader's room, the live view of it, and the content. */
export type LiveScreenProps = { room: LiveRoom; view: LiveRoomView; content: ContentView };
