import type { LoaderFunctionArgs } from "@remix-run/node";
import { isOutage, PlatformError } from "~/bff/client.server";
import { getWeChatSignature } from "~/bff/wechat.server";
import { env } from "~/runtime/env.server";
import { jsonError } from "~/route-support/json-error.server";
import { ownPageUrl } from "~/lib/redirect-target";
import { createRateLimiter } from "~/runtime/rate-limit.server";
import { logger } from "~/runtime/logger.server";

/** A WeChat page asks once per page it shows; the limit only stops a flood. */
const signatureLimiter = createRateLimiter({ name: "wechat-signature", windowMs: 60_000, max: env.WECHAT_SIGNATURE_RATE_LIMIT_PER_MINUTE });

/** Only this site's own pages (public origin, base path) are signed; never cached, as a signature carries its own timestamp. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const wait = await signatureLimiter.hit(context.clientIp);
  if (wait > 0)
    return Response.json(
      { status: 429, message: "请求过于频繁" },
      { status: 429, headers: { "Retry-After": String(wait), "Cache-Control": "no-store" } },
    );

  const pageUrl = ownPageUrl(new URL(request.url).searchParams.get("url"), context.origin);
  if (!pageUrl) return jsonError(400, "只能为本站的页面签名");
  try {
    // The signature is no secret of the visitor's: no token, no session.
    const signature = await getWeChatSignature(
      { token: null, requestId: null, clientIp: context.clientIp, signal: request.signal, deadline: context.deadline },
      pageUrl,
    );
    return Response.json({ ...signature, openTagAppId: env.WECHAT_OPEN_APP_ID }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof PlatformError) {
      logger.warn(`WeChat signature unavailable: ${error.message}${error.code === null ? "" : ` (code ${error.code})`}`);
      return jsonError(isOutage(error) ? 503 : 502, "微信签名服务暂不可用");
    }
    if (request.signal.aborted) throw error;
    logger.error({ err: error }, "WeChat signature failed");
    return jsonError(500);
  }
}
