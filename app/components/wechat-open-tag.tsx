import { lazy, Suspense, useState } from "react";
import { useMiniProgramMode, useWeChatState } from "~/hooks/use-wechat";
import { useAppOpenParams } from "~/hooks/use-app-open";
import { openTagExtinfo, type OpenTagProps } from "~/lib/wechat-open-tag";

// Only pages in WeChat, once configured, ever show a tag: the overlay stays out of every page's first-load JavaScript.
const OpenTagOverlay = lazy(() => import("~/components/wechat-open-tag-overlay").then((m) => ({ default: m.OpenTagOverlay })));

/**
 * A WeChat open tag laid over the control rendered just before it, in WeChat only and only once wx.config has
 * verified (client-only: the server and hydration never see it), never in a mini program. When the tag reports an
 * error it is removed and the control underneath takes the taps again.
 */
export function WeChatOpenTag(props: OpenTagProps) {
  const wechat = useWeChatState();
  const miniProgram = useMiniProgramMode();
  const [failed, setFailed] = useState(false);
  const extinfo = openTagExtinfo(useAppOpenParams());
  const usable = wechat.openTags && !failed && !miniProgram && (props.kind === "weapp" ? props.username !== "" : wechat.openTagAppId !== "");
  return usable ? (
    <Suspense fallback={null}>
      <OpenTagOverlay {...props} appId={wechat.openTagAppId} extinfo={extinfo} onError={() => setFailed(true)} />
    </Suspense>
  ) : null;
}
