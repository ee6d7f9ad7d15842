import { ModalDialog } from "~/components/modal-dialog";
import type { LaunchGuide } from "~/lib/app-launch";

export type LaunchTipsProps = { browser: LaunchGuide["browser"] | null; onClose: () => void };

/** Spec section 1: for browsers that cannot open an app (WeChat without its open tag, QQ, Weibo…). */
export function LaunchTips({ browser, onClose }: LaunchTipsProps) {
  return (
    <ModalDialog open={browser !== null} onClose={onClose} className="launch-tips" labelledBy="launch-tips-text" closeOnAnyTap>
      {/* Points past the banner, up at the ··· menu above the page, without covering our own controls. */}
      <svg className="launch-tips__arrow" viewBox="0 0 80 96" aria-hidden="true">
        <path d="M10 92C14 52 34 22 72 6M52 4l20 2-8 18" />
      </svg>
      <p id="launch-tips-text" className="launch-tips__text">
        点击右上角 <b className="launch-tips__dots">···</b>
        <br />
        选择「{browser === "safari" ? "在Safari中打开" : "在浏览器打开"}」即可打开APP
      </p>
      <button type="button" className="button button--ghost launch-tips__close" autoFocus>
        知道了
      </button>
    </ModalDialog>
  );
}
