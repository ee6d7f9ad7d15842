import { randomBytes } from "node:crypto";
import express from "express";
import { createIdCodec } from "../app/lib/ids";
import type { PlatformContext } from "./context";
import { isDatabaseEmpty, openDatabase } from "./db";
import { setDemoPassword } from "./demo-account";
import { errorHandler, notFound } from "./envelope";
import { pruneExpiredRows } from "./housekeeping";
import { HOTLINK_PATH, hotlinkPictureHost } from "./hotlink-pictures";
import { MEDIA_DIR, mediaResolver } from "./media";
import { startLiveDemo } from "./live-demo";
import { liveNowContents } from "./live-listing";
import { createLiveHub } from "./live-streams";
import { issueDraftPreviews, type DraftPreview } from "./preview";
import type { Content } from "./content-shapes";
import { accountRoutes } from "./routes/account";
import { activityRoutes } from "./routes/activity";
import { appConfigRoutes } from "./routes/app-config";
import { authRoutes } from "./routes/auth";
import { circleRoutes } from "./routes/circles";
import { clueReportRoutes } from "./routes/clue-report";
import { collectionRoutes } from "./routes/collections";
import { commentRoutes } from "./routes/comments";
import { contentRoutes } from "./routes/content";
import { devRoutes } from "./routes/dev";
import { flyCardRoutes } from "./routes/fly-cards";
import { inviteRoutes } from "./routes/invite";
import { lawRoutes } from "./routes/law";
import { listRoutes } from "./routes/lists";
import { liveMediaRoutes, liveRoutes } from "./routes/live";
import { officialAccountRoutes } from "./routes/official-accounts";
import { searchRoutes } from "./routes/search";
import { trackerRoutes } from "./routes/tracker";
import { wechatRoutes } from "./routes/wechat";
import { seedDatabase } from "./seed";
import { DEFAULT_LIVE_UPCOMING_DELAY_S, reanchorDemoBroadcasts } from "./seed-live";
import { traceContextLog } from "./trace-contexts";
import { DEMO_WECHAT, type WeChatSigning } from "./wechat-signature";

export type PlatformLog = (line: string, error?: unknown) => void;

export type PlatformOptions = {
  dbPath: string;
  hashidsSalt: string;
  hashidsMinLength: number;
  /** Where the platform's lines go (with the error, for a failure): the host's logger when embedded, standard output when standalone. */
  log: PlatformLog;
  now?: () => Date;
  /** Where the router's `/media` is reachable by browsers; media URLs in responses start with it. */
  mediaBaseUrl?: string;
  /**
   * The secret that opens what exists only for trying the product: the SMS outbox at `/dev/sms-outbox?key=…` and
   * the demo account's password (`demoPasswordFor`). Without one neither exists. There is no real SMS gateway, so
   * whoever holds it can read every verification code.
   */
  devKey?: string;
  /** The demo media folder; a bundled host passes it, since the bundle no longer sits beside it. */
  mediaDir?: string;
  /** Verification codes one address may request per hour (default 20). */
  codesPerIpPerHour?: number;
  /**
   * Signs draft preview links (at least 16 characters). Default: random per process, so links die on restart;
   * set one to keep them, or to sign links elsewhere (tests, a CMS).
   */
  previewSecret?: string;
  /** The upcoming demo broadcast starts this long after the platform starts (re-anchored at every start; default 180). */
  liveUpcomingDelaySeconds?: number;
  /**
   * How often the demo host and viewers act in live broadcasts (default 4000 ms); 0 switches them off, as tests and
   * the bench do when they want a quiet room.
   */
  liveDemoIntervalMs?: number;
  /**
   * The official account that signs JS-SDK pages (getCWXconfig) and its JS safe domains. Default: a demonstration
   * AppID and ticket, signing pages on localhost and 127.0.0.1 only.
   */
  wechat?: Partial<WeChatSigning>;
};

const MIN_PREVIEW_SECRET_LENGTH = 16;

const DEFAULT_CODES_PER_IP_PER_HOUR = 20;
const DEFAULT_LIVE_DEMO_INTERVAL_MS = 4000;

const HOUR_MS = 60 * 60 * 1000;
const JSON_BODY_LIMIT = "16kb";

export type Platform = {
  router: express.Router;
  /** Fresh preview links for every draft: the embedded stand-in for a CMS's "preview" button. */
  draftPreviews(): DraftPreview[];
  /** The local_live contents whose broadcast is live now (the start-up message links them). */
  liveNow(): Content[];
  /** Closes every open live event stream: a host shutting down calls it first, as streams never end by themselves. */
  closeLiveStreams(): void;
  close(): void;
};

export function createPlatform(options: PlatformOptions): Platform {
  if (options.previewSecret !== undefined && options.previewSecret.length < MIN_PREVIEW_SECRET_LENGTH) {
    throw new Error(`the preview secret must have at least ${MIN_PREVIEW_SECRET_LENGTH} characters`);
  }
  const now = options.now ?? (() => new Date());
  const { log } = options;
  const db = openDatabase(options.dbPath);
  const upcomingDelayS = options.liveUpcomingDelaySeconds ?? DEFAULT_LIVE_UPCOMING_DELAY_S;
  if (isDatabaseEmpty(db)) {
    seedDatabase(db, now(), upcomingDelayS);
    log(`seeded ${options.dbPath}`);
  } else {
    reanchorDemoBroadcasts(db, now(), upcomingDelayS);
  }
  if (options.devKey) setDemoPassword(db, options.devKey);
  pruneExpiredRows(db, now());
  const housekeeping = setInterval(() => pruneExpiredRows(db, now()), HOUR_MS);
  housekeeping.unref();

  const ctx: PlatformContext = {
    db,
    ids: createIdCodec({ salt: options.hashidsSalt, minLength: options.hashidsMinLength }),
    now,
    log,
    media: mediaResolver(options.mediaBaseUrl ?? "/_platform/media"),
    codesPerIpPerHour: options.codesPerIpPerHour ?? DEFAULT_CODES_PER_IP_PER_HOUR,
    previewSecret: options.previewSecret ?? randomBytes(32).toString("base64url"),
  };

  const live = createLiveHub(ctx);
  const demoIntervalMs = options.liveDemoIntervalMs ?? DEFAULT_LIVE_DEMO_INTERVAL_MS;
  const demo = demoIntervalMs > 0 ? startLiveDemo(ctx, live, demoIntervalMs) : null;

  const router = express.Router();
  const traceContexts = traceContextLog();
  router.use(traceContexts.record);
  router.use(liveMediaRoutes(ctx));
  // The editor articles' pictures, from a host that refuses foreign Referers as the real ones do (hotlink-pictures.ts).
  router.use(`/media${HOTLINK_PATH}`, hotlinkPictureHost(options.mediaDir ?? MEDIA_DIR));
  // express.static answers Range requests (seeking in MP4 and audio) and types .m3u8/.ts for HLS. Media are public
  // and a standalone platform is another origin than the pages: hls.js fetches playlists and segments across it.
  router.use(
    "/media",
    express.static(options.mediaDir ?? MEDIA_DIR, {
      maxAge: "7d",
      setHeaders: (res) => res.setHeader("Access-Control-Allow-Origin", "*"),
    }),
  );
  // A missing file is a plain HTTP 404, not an API envelope.
  router.use("/media", (_req, res) => {
    res.sendStatus(404);
  });
  router.use(express.json({ limit: JSON_BODY_LIMIT }));
  router.use(authRoutes(ctx));
  router.use(accountRoutes(ctx));
  router.use(appConfigRoutes(ctx));
  router.use(contentRoutes(ctx));
  router.use(commentRoutes(ctx));
  router.use(collectionRoutes(ctx));
  router.use(officialAccountRoutes(ctx));
  router.use(listRoutes(ctx));
  router.use(searchRoutes(ctx));
  router.use(trackerRoutes(ctx));
  router.use(clueReportRoutes(ctx));
  router.use(inviteRoutes(ctx), activityRoutes(ctx), flyCardRoutes(ctx));
  router.use(circleRoutes(ctx), lawRoutes(ctx));
  router.use(liveRoutes(ctx, live));
  if (options.devKey) router.use(devRoutes(ctx, options.devKey, live, traceContexts));
  router.use(
    wechatRoutes(ctx, {
      appId: options.wechat?.appId || DEMO_WECHAT.appId,
      jsapiTicket: options.wechat?.jsapiTicket || DEMO_WECHAT.jsapiTicket,
      safeDomains: options.wechat?.safeDomains ?? ["localhost", "127.0.0.1"],
    }),
  );
  router.use(notFound);
  router.use(errorHandler(log));

  return {
    router,
    draftPreviews: () => issueDraftPreviews(ctx),
    liveNow: () => liveNowContents(ctx),
    closeLiveStreams: () => live.dropStreams(),
    close() {
      clearInterval(housekeeping);
      demo?.stop();
      live.close();
      db.close();
    },
  };
}
