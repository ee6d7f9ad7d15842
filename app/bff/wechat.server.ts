import { z } from "zod";
import { platformRequest, type Caller } from "~/bff/client.server";

/** Spec section 3; `signture` is spelled so by the platform. */
const configSchema = z.object({
  appId: z.string().min(1).max(64),
  timestamp: z.number().int().positive(),
  nonceStr: z.string().min(1).max(64),
  signture: z.string().regex(/^[0-9a-f]{40}$/i),
});

export type WeChatSignature = { appId: string; timestamp: number; nonceStr: string; signature: string };

/** Spec section 7. Callers check the URL is a page of this site first. */
export async function getWeChatSignature(caller: Caller, pageUrl: string): Promise<WeChatSignature> {
  const data = await platformRequest("/peony/v1/wechat/jssdk_config", caller, {
    query: { path: pageUrl },
    maxBytes: 4096,
    schema: configSchema,
  });
  return { appId: data.appId, timestamp: data.timestamp, nonceStr: data.nonceStr, signature: data.signture };
}
