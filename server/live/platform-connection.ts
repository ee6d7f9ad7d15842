import { fetchAnonymousToken } from "../../app/bff/auth.server";
import { platformHeaders } from "../../app/bff/client.server";
import { env } from "../../app/runtime/env.server";
import { createLiveHub, isEventStream, type LiveHub, type UpstreamConnect } from "./hub";

/** The platform wants a token on every call; every viewer sees the same stream, so one anonymous token serves. */
let hubToken: string | null = null;

/** An expired token is fetched again once; an unknown broadcast becomes a 404 for the hub. */
const connectToPlatform: UpstreamConnect = async (liveId, lastEventId, signal) => {
  for (let attempt = 0; ; attempt++) {
    hubToken ??= await fetchAnonymousToken({ token: null, requestId: null });
    const response = await openPlatformStream(liveId, lastEventId, signal, hubToken);
    if (isEventStream(response)) return response;
    const envelope = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (envelope?.code === 401 && attempt === 0) {
      hubToken = null;
      continue;
    }
    if (response.status === 404 || envelope?.code === 10024 || envelope?.code === 404) return new Response(null, { status: 404 });
    return new Response(null, { status: response.status >= 400 ? response.status : 502, statusText: envelope?.message ?? "" });
  }
};

async function openPlatformStream(liveId: string, lastEventId: number | null, signal: AbortSignal, token: string): Promise<Response> {
  const path = "/peony/v3/live/stream";
  const url = new URL(env.platformApiUrl + path);
  url.searchParams.set("live_id", liveId);
  const headers: Record<string, string> = { ...platformHeaders(path, { token, requestId: null }), accept: "text/event-stream" };
  if (lastEventId !== null) headers["last-event-id"] = String(lastEventId);
  // Only the head must come within the usual time; the idle watchdog guards the stream.
  const head = new AbortController();
  const timer = setTimeout(() => head.abort(), env.PLATFORM_TIMEOUT_MS);
  try {
    return await fetch(url, { headers, signal: AbortSignal.any([signal, head.signal]) });
  } catch (error) {
    throw new Error(head.signal.aborted ? `no answer within ${env.PLATFORM_TIMEOUT_MS} ms` : (error as Error).message);
  } finally {
    clearTimeout(timer);
  }
}

export const createPlatformLiveHub = (): LiveHub => createLiveHub({ connect: connectToPlatform });
