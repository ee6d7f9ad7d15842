import type { UpstreamConnect } from "./hub";

/**
 * A stand-in for the platform's live stream: each connection is a ReadableStream the test writes SSE text into;
 * `attempts` counts every call, refused ones included.
 */
export function fakeUpstream() {
  const connections: { liveId: string; lastEventId: number | null; write(text: string): void; end(): void; signal: AbortSignal }[] = [];
  let refuse: number | null = null;
  let silent = false;
  let attempts = 0;
  const connect: UpstreamConnect = async (liveId, lastEventId, signal) => {
    attempts += 1;
    if (silent) return new Promise((_resolve, reject) => signal.addEventListener("abort", () => reject(new Error("aborted"))));
    if (refuse !== null) return new Response("{}", { status: refuse });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    signal.addEventListener("abort", () => {
      try {
        controller.error(new Error("aborted"));
      } catch {
        /* already closed */
      }
    });
    connections.push({
      liveId,
      lastEventId,
      signal,
      write: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  };
  return {
    connect,
    connections,
    attempts: () => attempts,
    refuseWith(status: number | null) {
      refuse = status;
    },
    /** Calls from now on get no answer until the hub gives up on them. */
    stayingSilent(on: boolean) {
      silent = on;
    },
    last: () => connections[connections.length - 1]!,
  };
}

/** A chat message event as the platform sends it. */
export const message = (id: number) =>
  `id: ${id}\nevent: message\ndata: ${JSON.stringify({ msg_id: `m${id}`, text: `消息${id}`, user: { id: "7", nickname: "观众", avatar: "" }, created_at: 1_700_000_000 + id })}\n\n`;
