import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { parseInput } from "../validation";
import { jsapiSignature, nonceStr, signingRefusal, type WeChatSigning } from "../wechat-signature";

/** Longer than any page URL of the site; a longer one is not a page to sign. */
const MAX_URL_LENGTH = 2048;

const configQuery = z.object({ path: z.string({ required_error: "缺少参数 path" }).min(1).max(MAX_URL_LENGTH) });

/**
 * getCWXconfig (spec section 7): the JS-SDK signature of one page URL (`path`, the page's URL without its hash),
 * answered as `{ appId, timestamp, nonceStr, signture }` (spelled so, as the spec's clients read it). Only URLs on
 * the JS safe domains are signed; anything else is code 403. No token: the signature is no secret of a visitor.
 */
export function wechatRoutes(ctx: PlatformContext, signing: WeChatSigning): Router {
  const router = Router();
  router.get(
    "/peony/v1/wechat/jssdk_config",
    handle((req) => {
      const { path } = parseInput(configQuery, req.query);
      const refusal = signingRefusal(path, signing.safeDomains);
      if (refusal) throw new PlatformError(ErrorCode.forbidden, refusal);
      const timestamp = Math.floor(ctx.now().getTime() / 1000);
      const nonce = nonceStr();
      return {
        appId: signing.appId,
        timestamp,
        nonceStr: nonce,
        signture: jsapiSignature({ jsapiTicket: signing.jsapiTicket, nonceStr: nonce, timestamp, url: path }),
      };
    }),
  );
  return router;
}
