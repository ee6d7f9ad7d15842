import { BASE_PATH } from "../../app/lib/base-path";
import { logger } from "../../app/runtime/logger.server";
import type { Env } from "../../app/runtime/env.server";
import { exampleShareUrls } from "./example-urls";

export type EmbeddedPlatformNotes = {
  info: string[];
  links: Array<{ msg: string; urls: string[] }>;
};

export type StartUpFacts = {
  origin: string;
  production: boolean;
  embedded: EmbeddedPlatformNotes | null;
  sessionSecretIsEphemeral: boolean;
};

/** In production it warns that this is a demonstration platform and how to point the site at a real one. */
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
