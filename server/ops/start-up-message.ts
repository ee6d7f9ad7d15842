import { BASE_PATH } from "../../app/lib/base-path";
import { logger } from "../../app/runtime/logger.server";
import type { Env } from "../../app/runtime/env.server";
import { exampleShareUrls } from "./example-urls";

/** What the embedded platform adds to the start-up message (server/launcher/embedded-platform.ts writes it). */
export type EmbeddedPlatformNotes = {
  /** Where it is, the demo account and the development pages: printed with the address. */
  info: string[];
  /** What it holds now (live broadcasts, draft previews): logged after the rest, each with its links. */
  links: Array<{ msg: string; urls: string[] }>;
};

export type StartUpFacts = {
  /** Where this machine reaches the host, e.g. `http://localhost:3000`. */
  origin: string;
  production: boolean;
  /** Set when the embedded platform is mounted at `/_platform`. */
  embedded: EmbeddedPlatformNotes | null;
  sessionSecretIsEphemeral: boolean;
};

/**
 * What the host prints when it starts listening. On the embedded platform that includes its own lines (the demo
 * account, the development pages); in production it adds one warning that this is a demonstration platform and how
 * to point the site at a real one.
 */
export function startUpMessage(facts: StartUpFacts): { info: string[]; warning: string | null } {
  const info = [`Listening on ${facts.origin}${BASE_PATH}`];
  const embedded = facts.embedded;
  if (embedded) info.push(...embedded.info);
  if (facts.sessionSecretIsEphemeral) info.push("SESSION_SECRET is not set: sessions end when the process stops.");
  const warning =
    embedded && facts.production
      ? [
          "WARNING: this is a demonstration platform, not for real visitors. The site runs the embedded platform",
          "with demo content and no SMS gateway: verification codes go to the development outbox, never to a phone.",
          "For a real deployment set PLATFORM_API_URL to the platform API, with HASHIDS_SALT, HASHIDS_MIN_LENGTH,",
          'SESSION_SECRET and PUBLIC_ORIGIN (see the README, "Pointing the site at a real platform").',
        ].join("\n")
      : null;
  return { info, warning };
}

/** Logs the start-up message, the example share pages and, on the embedded platform, what it holds now. */
export function announceStartUp(
  origin: string,
  env: Pick<Env, "isProduction" | "sessionSecretIsEphemeral">,
  embedded: EmbeddedPlatformNotes | null,
): void {
  const { info, warning } = startUpMessage({
    origin,
    production: env.isProduction,
    embedded,
    sessionSecretIsEphemeral: env.sessionSecretIsEphemeral,
  });
  for (const line of info) logger.info(line);
  if (warning) logger.warn(warning);
  exampleShareUrls(origin + BASE_PATH)
    .then((urls) => logger.info({ urls }, "Example share pages"))
    .catch((error: Error) => logger.warn(`No example pages: the platform did not answer (${error.message})`));
  for (const { msg, urls } of embedded?.links ?? []) logger.info({ urls }, msg);
}
