export type Connection = "connecting" | "open" | "lost";

/** The wait before reopening after the site refused the stream: doubling from the base to the cap, jittered down by up to half. */
const REOPEN_BASE_MS = 5_000;
const REOPEN_MAX_MS = 60_000;

export type LiveEventsOptions = {
  url: string;
  /** The id the first connection resumes after (null: from now on). */
  resumeFrom: number | null;
  events: Record<string, (data: unknown, id: number) => void>;
  onConnection: (connection: Connection) => void;
  random?: () => number;
};

/**
 * EventSource gives up for good on an answer that is not a stream (the site's 429 and 503 refusals, a 404): then this
 * reopens after a backoff, resuming after its last event, so a refused page neither hammers the site nor stops for good.
 */
export function openLiveEvents(options: LiveEventsOptions): () => void {
  const random = options.random ?? Math.random;
  let lastId = options.resumeFrom;
  let refusals = 0;
  let source: EventSource | null = null;
  let reopen: ReturnType<typeof setTimeout> | undefined;

  const close = () => {
    clearTimeout(reopen);
    source?.close();
    source = null;
  };

  const open = () => {
    const current = new EventSource(lastId === null ? options.url : `${options.url}?last_event_id=${lastId}`);
    source = current;
    for (const [name, handle] of Object.entries(options.events)) {
      current.addEventListener(name, (event) => {
        const { data, lastEventId } = event as MessageEvent<string>;
        if (lastEventId !== "") lastId = Number(lastEventId);
        try {
          handle(JSON.parse(data), Number(lastEventId));
        } catch {
          /* the hub only forwards checked JSON; nothing else is worth a crash */
        }
      });
    }
    current.addEventListener("gone", () => {
      close();
      options.onConnection("lost");
    });
    current.onopen = () => {
      refusals = 0;
      options.onConnection("open");
    };
    current.onerror = () => {
      if (current.readyState !== EventSource.CLOSED) return options.onConnection("connecting");
      options.onConnection("lost");
      const ceiling = Math.min(REOPEN_MAX_MS, REOPEN_BASE_MS * 2 ** refusals);
      refusals += 1;
      reopen = setTimeout(open, ceiling / 2 + (ceiling / 2) * random());
    };
  };

  open();
  return close;
}
