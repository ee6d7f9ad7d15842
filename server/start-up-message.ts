import { env } from "../app/runtime/env.server";
import { logger } from "../app/runtime/logger.server";
import { BASE_PATH } from "../app/lib/base-path";
import type { Platform } from "../platform/app";
import { draftPreviewUrls, exampleShareUrls, liveBroadcastUrls } from "./example-urls";
import { smsOutboxPath, statsPath } from "../platform/routes/dev";
import { demoPasswordFor } from "../platform/demo-account";
import { DEMO_PHONE } from "../platform/seed-users";

export type StartUpFacts = {
  /** Where this machine reaches the host, e.g. `http://localhost:3000`. */
  origin: string;
  production: boolean;
  /** Set when the embedded platform is mounted at `/_platform`. */
  embedded: { dbPath: string; devKey: string; devKeyIsEphemeral: boolean } | null;
  sessionSecretIsEphemeral: boolean;
};

/**
 * What the host prints when it starts listening. On the embedded platform that includes what exists only for trying
 * the product, the demo account, the SMS outbox and the statistics page, all opened by the development key; in
 * production it adds one warning that this is a demonstration platform and how to point the site at a real one.
 */
export function startUpMessage(facts: StartUpFacts): { info: string[]; warning: string | null } {
  const info = [`Listening on ${facts.origin}${BASE_PATH}`];
  const embedded = facts.embedded;
  if (embedded) {
    info.push(
      `Embedded platform at ${facts.origin}/_platform (SQLite: ${embedded.dbPath})`,
      `Demo account: phone ${DEMO_PHONE}, password ${demoPasswordFor(embedded.devKey)}; any other phone logs in by code.`,
      `Verification codes arrive in the development SMS outbox (keep this link private): ${facts.origin}/_platform${smsOutboxPath(embedded.devKey)}`,
      `Statistics of the visits (views, reads, exposes) show on the development stats page: ${facts.origin}/_platform${statsPath(embedded.devKey)}`,
    );
    if (embedded.devKeyIsEphemeral) {
      info.push("  The outbox key and the demo password change at every start; set PLATFORM_DEV_KEY (16+ characters) to keep them.");
    }
  }
  if (facts.sessionSecretIsEphemeral) info.push("SESSION_SECRET is not set: sessions end when the process stops.");
  const warning =
    embedded && facts.production
      ? [
          "WARNING: this is a demonstration platform, not for real visitors. The site runs the embedded platform",
          "with demo content and no SMS gateway: verification codes go to the development outbox, never to a phone.",
          "For a real deployment set PLATFORM_API_URL to the platform API, with HASHIDS_SALT, HASHIDS_MIN_LENGTH,",
          "SESSION_SECRET and PUBLIC_ORIGIN (see the README, \"Pointing the site at a real platform\").",
        ].join("\n")
      : null;
  return { info, warning };
}

/** Logs the start-up message, the example share pages and, on the embedded platform, the draft preview links. */
export function announceStartUp(origin: string, platform: Platform | null): void {
  const { info, warning } = startUpMessage({
    origin,
    production: env.isProduction,
    embedded: platform
      ? { dbPath: env.PLATFORM_DB_PATH, devKey: env.platformDevKey, devKeyIsEphemeral: env.platformDevKeyIsEphemeral }
      : null,
    sessionSecretIsEphemeral: env.sessionSecretIsEphemeral,
  });
  for (const line of info) logger.info(line);
  if (warning) logger.warn(warning);
  exampleShareUrls(origin + BASE_PATH)
    .then((urls) => logger.info({ urls }, "Example share pages"))
    .catch((error: Error) => logger.warn(`No example pages: the platform did not answer (${error.message})`));
  if (platform) logger.info({ urls: liveBroadcastUrls(origin + BASE_PATH, platform.liveNow()) }, "Live now (the chat moves by itself)");
  if (platform) logger.info({ urls: draftPreviewUrls(origin + BASE_PATH, platform.draftPreviews()) }, "Draft previews (links valid 30 minutes)");
}
