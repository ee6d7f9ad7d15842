import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAppConfig } from "~/bff/app-config.server";
import { PlatformError } from "~/bff/client.server";
import { jsonError } from "~/route-support/json-error.server";
import { rootSite } from "~/hooks/use-root-data";
import type { BannerConfig } from "~/lib/banner-config";
import { env } from "~/runtime/env.server";

/**
 * Spec section 9: the banner reads its configuration again after 500 ms (app/hooks/use-banner-config.ts). The same
 * for every visitor and as old as the shared app configuration, so browsers and edges may keep it as long.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  try {
    const { name, description, logo } = rootSite(await getAppConfig(await context.caller()));
    const config: BannerConfig = { name, description, logo };
    return Response.json(config, { headers: { "Cache-Control": `public, max-age=${Math.floor(env.APP_CONFIG_TTL_MS / 1000)}` } });
  } catch (error) {
    // The banner keeps what the page was rendered with.
    if (error instanceof PlatformError) return jsonError(503);
    throw error;
  }
}
