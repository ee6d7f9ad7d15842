import { OpenAppLink } from "~/components/open-app-link";
import { WeChatOpenTag } from "~/components/wechat-open-tag";
import { useRootData } from "~/hooks/use-root-data";
import { useMiniProgramMode } from "~/hooks/use-wechat";

/** Links to this hash open the dialog; it is a CSS :target dialog, so it works without JavaScript. */
export const APP_OPEN_HASH = "#app-open";

/**
 * Spec section 2: app-only actions ask the visitor to open the app (立即前往 / 再考虑下). `id`: another one than the
 * page's own dialog, for a second one on the page (the card list's).
 */
export function AppOpenDialog({ id = APP_OPEN_HASH.slice(1) }: { id?: string }) {
  const root = useRootData();
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
