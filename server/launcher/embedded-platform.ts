import path from "node:path";
import express from "express";
import type { Logger } from "pino";
import { contentPath, type ContentPathInput } from "../../app/lib/content-path";
import { BASE_PATH } from "../../app/lib/base-path";
import { PREVIEW_PARAM } from "../../app/lib/preview";
import type { Env } from "../../app/runtime/env.server";
import { createPlatform, type Platform, type PlatformLog } from "../../platform/app";
import { demoPasswordFor } from "../../platform/demo-account";
import { smsOutboxPath, statsPath } from "../../platform/routes/dev";
import { DEMO_PHONE } from "../../platform/seed-users";
import { knownHosts } from "../middleware/public-origin";
import type { EmbeddedPlatformNotes } from "../ops/start-up-message";

/** Imported dynamically, so with PLATFORM_API_URL set neither this code nor better-sqlite3 is loaded. */
type PlatformEnv = Pick<
  Env,
  | "PLATFORM_DB_PATH"
  | "HASHIDS_SALT"
  | "HASHIDS_MIN_LENGTH"
  | "PLATFORM_CODES_PER_IP_PER_HOUR"
  | "platformDevKey"
  | "PLATFORM_PREVIEW_SECRET"
  | "PLATFORM_LIVE_DEMO_INTERVAL_MS"
  | "PLATFORM_LIVE_UPCOMING_DELAY_S"
  | "PLATFORM_WECHAT_APP_ID"
  | "PLATFORM_WECHAT_JSAPI_TICKET"
  | "ALLOWED_HOSTS"
  | "PUBLIC_ORIGIN"
  | "HOST"
  | "PORT"
>;

type Listed = ContentPathInput & { title: string };
type Draft = { content: Listed; preview_token: string };

export function platformLogThrough(logger: Pick<Logger, "info" | "error">): PlatformLog {
  return (line, error) =>
    error === undefined ? logger.info({ component: "platform" }, line) : logger.error({ component: "platform", err: error }, line);
}

/** With several workers the primary runs it once (`listenPlatform`): it owns the SQLite database and its timers. */
export function embeddedPlatform(projectRoot: string, env: PlatformEnv, log: PlatformLog): Platform {
  return createPlatform({
    dbPath: path.resolve(projectRoot, env.PLATFORM_DB_PATH),
    hashidsSalt: env.HASHIDS_SALT,
    hashidsMinLength: env.HASHIDS_MIN_LENGTH,
    log,
    mediaDir: path.join(projectRoot, "platform/media"),
    codesPerIpPerHour: env.PLATFORM_CODES_PER_IP_PER_HOUR,
    devKey: env.platformDevKey,
    previewSecret: env.PLATFORM_PREVIEW_SECRET,
    liveDemoIntervalMs: env.PLATFORM_LIVE_DEMO_INTERVAL_MS,
    liveUpcomingDelaySeconds: env.PLATFORM_LIVE_UPCOMING_DELAY_S,
    // The platform signs the site's own pages and nothing else.
    wechat: {
      appId: env.PLATFORM_WECHAT_APP_ID,
      jsapiTicket: env.PLATFORM_WECHAT_JSAPI_TICKET,
      safeDomains: [...knownHosts({ allowedHosts: env.ALLOWED_HOSTS, publicOrigin: env.PUBLIC_ORIGIN, host: env.HOST, port: env.PORT })],
    },
  });
}

export function listenPlatform(platform: Platform): Promise<{ origin: string; close: () => Promise<void> }> {
  const app = express();
  app.disable("x-powered-by");
  // The workers forward the visitor's address, which the per-IP code limit counts.
  app.set("trust proxy", "loopback");
  app.use(platform.router);
  return new Promise((resolve, reject) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
    server.once("error", reject);
  });
}

export function embeddedPlatformNotes(
  origin: string,
  platform: { liveNow(): Listed[]; draftPreviews(): Draft[] },
  env: Pick<Env, "PLATFORM_DB_PATH" | "platformDevKey" | "platformDevKeyIsEphemeral">,
): EmbeddedPlatformNotes {
  const devKey = env.platformDevKey;
  const info = [
    `Embedded platform at ${origin}/_platform (SQLite: ${env.PLATFORM_DB_PATH})`,
    `Demo account: phone ${DEMO_PHONE}, password ${demoPasswordFor(devKey)}; any other phone logs in by code.`,
    `Verification codes arrive in the development SMS outbox (keep this link private): ${origin}/_platform${smsOutboxPath(devKey)}`,
    `Statistics of the visits (views, reads, exposes) show on the development stats page: ${origin}/_platform${statsPath(devKey)}`,
  ];
  if (env.platformDevKeyIsEphemeral) {
    info.push("  The outbox key and the demo password change at every start; set PLATFORM_DEV_KEY (16+ characters) to keep them.");
  }
  const siteUrl = origin + BASE_PATH;
  const links = [
    { msg: "Live now (the chat moves by itself)", urls: liveBroadcastUrls(siteUrl, platform.liveNow()) },
    { msg: "Draft previews (links valid 30 minutes)", urls: draftPreviewUrls(siteUrl, platform.draftPreviews()) },
  ];
  return { info, links };
}

export function draftPreviewUrls(siteUrl: string, drafts: Draft[]): string[] {
  return drafts.map(({ content, preview_token }) => {
    const query = new URLSearchParams({ [PREVIEW_PARAM]: preview_token });
    return `${siteUrl}${contentPath(content, "preview-editor").replace(/^\//, "")}?${query}  ${content.title}`;
  });
}

export function liveBroadcastUrls(siteUrl: string, contents: Listed[]): string[] {
  return contents.map((content) => `${siteUrl}${contentPath(content).replace(/^\//, "")}  ${content.title}`);
}
