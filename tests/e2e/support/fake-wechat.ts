import { createHash } from "node:crypto";
import type { Page } from "@playwright/test";
import { DEMO_WECHAT } from "../../../platform/wechat-signature";

/** One call weixin-js-sdk made into WeChat: `WeixinJSBridge.invoke(name, args, callback)`. */
export type BridgeCall = { name: string; args: Record<string, unknown> };

export type FakeWeChatOptions = {
  /** What `window.__wxjs_environment` says: WeChat sets 'miniprogram' inside a mini program's web-view. */
  miniProgram?: boolean;
  /** Answer wx.config's verification with a failure, as WeChat does for a wrong signature. */
  refuseConfig?: boolean;
};

/**
 * WeChat itself, faked in the page before any script runs: weixin-js-sdk talks to the client only through
 * `window.WeixinJSBridge`, so a bridge that records each invoke and answers it the way WeChat does (`err_msg`
 * '<name>:ok', or a failure) lets a test see what the page asked of WeChat. getNetworkType fails, so the SDK sends
 * no report to WeChat's servers. Self-contained, for any driver: see installFakeWeChat and fakeWeChatScript.
 */
function fakeWeChatBridge({ miniProgram, refuseConfig }: Required<FakeWeChatOptions>): void {
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
}

const withDefaults = (options: FakeWeChatOptions): Required<FakeWeChatOptions> => ({
  miniProgram: options.miniProgram ?? false,
  refuseConfig: options.refuseConfig ?? false,
});

/** Fakes WeChat in every document the Playwright page opens from now on. */
export async function installFakeWeChat(page: Page, options: FakeWeChatOptions = {}): Promise<void> {
  await page.addInitScript(fakeWeChatBridge, withDefaults(options));
}

/** The fake as script text, for a driver that runs it ahead of the site's own scripts (the WebKit project). */
export function fakeWeChatScript(options: FakeWeChatOptions = {}): string {
  return `(${fakeWeChatBridge.toString()})(${JSON.stringify(withDefaults(options))});\n`;
}

/** Runs in the page (self-contained, for any driver): the bridge calls made so far, optionally of one name. */
export function recordedBridgeCalls(name?: string): BridgeCall[] {
  const calls = (window as unknown as { __bridgeCalls?: BridgeCall[] }).__bridgeCalls ?? [];
  return name ? calls.filter((call) => call.name === name) : calls;
}

/** The bridge calls the page has made so far, optionally of one name. */
export function bridgeCalls(page: Page, name?: string): Promise<BridgeCall[]> {
  return page.evaluate(recordedBridgeCalls, name);
}

/** The signature the demo official account gives `url`, computed here from WeChat's documented algorithm. */
export function expectedSignature(args: Record<string, unknown>, url: string): string {
  const text = `jsapi_ticket=${DEMO_WECHAT.jsapiTicket}&noncestr=${args.verifyNonceStr}&timestamp=${args.verifyTimestamp}&url=${url}`;
  return createHash("sha1").update(text).digest("hex");
}
