import { OpenAppLink } from "~/components/open-app-link";
import { WeChatOpenTag } from "~/components/wechat-open-tag";
import { useMiniProgramMode } from "~/hooks/use-wechat";
import { APP_OPEN_HASH } from "~/lib/app-open";

/** Spec section 2. The root renders it once per page; what asks to open the app links to APP_OPEN_HASH. */
export function AppOpenDialog() {
  const id = APP_OPEN_HASH.slice(1);
  const miniProgram = useMiniProgramMode();
  return (
    <div className="app-open" id={id} role="dialog" aria-modal="true" aria-labelledby={`${id}-title`}>
      <a className="app-open__backdrop" href="#" aria-label="关闭" tabIndex={-1} />
      <div className="app-open__box">
        <h2 id={`${id}-title`} className="app-open__title">
          打开APP，查看更多精彩内容
        </h2>
        <p className="app-open__text">该功能需要在APP中使用</p>
        <div className="app-open__actions">
          {/* A mini-program webview cannot leave for the app store: it only closes the dialog. */}
          {miniProgram ? (
            <a className="button" href="#">
              关闭弹窗
            </a>
          ) : (
            <>
              <a className="button button--ghost" href="#">
                再考虑下
              </a>
              <OpenAppLink className="button">立即前往</OpenAppLink>
              <WeChatOpenTag kind="app" label="立即前往" />
            </>
          )}
        </div>
      </div>
    </div>
  );
}
