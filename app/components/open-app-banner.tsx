import { Link, useLocation } from "@remix-run/react";
import { useState, type MouseEvent } from "react";
import type { RootData } from "~/root";
import { NavigationPanel } from "~/components/navigation-panel";

const BUNDLED_LOGO = `${import.meta.env.BASE_URL}app-logo.svg`;

/** Spec section 1: the event the app launcher listens for. */
export const PUSH_EVENT = "share:push";

type Props = { site: RootData["site"]; device: RootData["device"]; user: RootData["user"] };

export function OpenAppBanner({ site, device, user }: Props) {
  const [showLaunchTips, setShowLaunchTips] = useState(false);
  const location = useLocation();
  const here = location.pathname + location.search;

  function openApp(event: MouseEvent<HTMLAnchorElement>) {
    // WeChat on Android and Harmony blocks app schemes: the visitor is told to open the page in the browser.
    if (device.isWeChat && (device.isAndroid || device.isHarmony)) {
      event.preventDefault();
      setShowLaunchTips(true);
      return;
    }
    window.dispatchEvent(new CustomEvent(PUSH_EVENT, { detail: "openApp" }));
  }

  return (
    <header className="banner">
      <img className="banner__logo" src={site.logo || BUNDLED_LOGO} alt="" width={36} height={36} />
      <div className="banner__text">
        <strong className="banner__name">{site.name}</strong>
        <span className="banner__desc">{site.description}</span>
      </div>
      {user ? (
        <Link className="banner__login" to={`/auth?redirect=${encodeURIComponent(here)}`} aria-label="已登录，点击退出">
          <span className="avatar avatar--small" aria-hidden="true" />
        </Link>
      ) : (
        <Link className="banner__login" to={`/auth?redirect=${encodeURIComponent(here)}`}>
          登录
        </Link>
      )}
      <a className="banner__open button" href={site.downloadUrl || "#"} onClick={openApp} rel="noopener">
        打开APP
      </a>
      <NavigationPanel items={site.navigation} />
      {showLaunchTips ? (
        <div className="launch-tips" role="dialog" aria-label="在浏览器中打开" onClick={() => setShowLaunchTips(false)}>
          <div className="launch-tips__arrow" aria-hidden="true" />
          <p>
            点击右上角 <b>···</b>
            <br />
            选择「在浏览器打开」即可打开APP
          </p>
        </div>
      ) : null}
    </header>
  );
}
