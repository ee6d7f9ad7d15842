import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO_WECHAT } from "../../../platform/wechat-signature";

/** One call weixin-js-sdk made into WeChat: `WeixinJSBridge.invoke(name, args, callback)`. */
export type BridgeCall = { name: string; args: Record<string, unknown> };

type FakeOptions = {
  /** What `window.__wxjs_environment` says: WeChat sets 'miniprogram' inside a mini program's web-view. */
  miniProgram?: boolean;
  /** Answer wx.config's verification with a failure, as WeChat does for a wrong signature. */
  refuseConfig?: boolean;
};

/**
 * WeChat itself, faked in the page before any script runs: weixin-js-sdk talks to the client only through
 * `window.WeixinJSBridge`, so a bridge that records each invoke and answers it the way WeChat does (`err_msg`
 * '<name>:ok', or a failure) lets a test see what the page asked of WeChat. getNetworkType fails, so the SDK sends
 * no report to WeChat's servers.
 */
export async function installFakeWeChat(page: Page, options: FakeOptions = {}): Promise<void> {
  await page.addInitScript(({ miniProgram, refuseConfig }) => {
    const calls: { name: string; args: unknown }[] = [];
    (window as unknown as { __bridgeCalls: typeof calls }).__bridgeCalls = calls;
    if (miniProgram) (window as unknown as { __wxjs_environment: string }).__wxjs_environment = "miniprogram";
    (window as unknown as { WeixinJSBridge: unknown }).WeixinJSBridge = {
      invoke(name: string, args: unknown, callback?: (answer: { err_msg: string }) => void) {
        calls.push({ name, args: JSON.parse(JSON.stringify(args ?? {})) });
        const failed = (name === "preVerifyJSAPI" && refuseConfig) || name === "getNetworkType";
        window.setTimeout(() => callback?.({ err_msg: failed ? `${name}:fail_invalid signature` : `${name}:ok` }), 0);
      },
      on() {},
    };
  }, { miniProgram: options.miniProgram ?? false, refuseConfig: options.refuseConfig ?? false });
}

/** The bridge calls the page has made so far, optionally of one name. */
export async function bridgeCalls(page: Page, name?: string): Promise<BridgeCall[]> {
  const calls = await page.evaluate(() => (window as unknown as { __bridgeCalls?: BridgeCall[] }).__bridgeCalls ?? []);
  return name ? calls.filter((call) => call.name === name) : calls;
}

/** The signature the demo official account gives `url`, computed here from WeChat's documented algorithm. */
export function expectedSignature(args: Record<string, unknown>, url: string): string {
  const text = `jsapi_ticket=${DEMO_WECHAT.jsapiTicket}&noncestr=${args.verifyNonceStr}&timestamp=${args.verifyTimestamp}&url=${url}`;
  return createHash("sha1").update(text).digest("hex");
}
