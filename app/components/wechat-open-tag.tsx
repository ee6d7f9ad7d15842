import { lazy, Suspense } from "react";
import { useWeChatState } from "~/hooks/use-wechat";
import type { OpenTagProps } from "~/lib/wechat-open-tag";

// Only pages in WeChat, once configured, ever show a tag: its code stays out of every page's first-load JavaScript.
const OpenTag = lazy(() => import("~/components/wechat-open-tag-overlay").then((m) => ({ default: m.OpenTag })));

/** Client-only (the server and hydration never see it); the rest of its rules live with the overlay. */
export function WeChatOpenTag(props: OpenTagProps) {
  return useWeChatState().openTags ? (
    <Suspense fallback={null}>
      <OpenTag {...props} />
    </Suspense>
  ) : null;
}
