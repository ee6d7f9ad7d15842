import { Link, useFetcher, useHref, useLocation } from "@remix-run/react";
import { lazy, Suspense, useState, type MouseEvent } from "react";
import { useBannerConfig } from "~/hooks/use-banner-config";
import { useViewer } from "~/hooks/use-personal";
import { BANNER_FALLBACK_DESCRIPTION, type RootData } from "~/hooks/use-root-data";
import { NavigationPanel } from "~/components/navigation-panel";
import { OpenAppLink } from "~/components/open-app-link";
import { PersonalSlot } from "~/components/personal-slot";
import { LoginLink } from "~/components/login-link";
import { UserAvatar } from "~/components/user-avatar";
import { WeChatOpenTag } from "~/components/wechat-open-tag";
import { BUNDLED_LOGO } from "~/lib/bundled-logo";
import { fetchPriority } from "~/lib/fetch-priority";

// Asked only after a logged-in visitor's tap, so it is in no page's first-load JavaScript.
const LogoutConfirm = lazy(() => import("~/components/logout-confirm").then((module) => ({ default: module.LogoutConfirm })));

/** A 34-pixel icon on every page: on a slow network it waits for the page's largest picture rather than sharing its bandwidth. */
const LOGO_PRIORITY = fetchPriority("low");

/** `appOffered`: false where the page's item asks for no app (enable_app), which takes 打开APP away. */
type Props = { site: RootData["site"]; appOffered: boolean };

export function OpenAppBanner({ site, appOffered }: Props) {
  const { name, description, logo } = useBannerConfig({ name: site.name, description: site.description, logo: site.logo });
  return (
    <header className="banner">
      <img className="banner__logo" src={logo || BUNDLED_LOGO} alt="" width={34} height={34} {...LOGO_PRIORITY} />
      <div className="banner__text">
        <strong className="banner__name">{name}</strong>
        <span className="banner__desc">{description || BANNER_FALLBACK_DESCRIPTION}</span>
      </div>
      <PersonalSlot name="banner-account">
        <BannerAccount />
      </PersonalSlot>
      {appOffered ? (
        <>
          <OpenAppLink className="banner__open button">打开APP</OpenAppLink>
          <WeChatOpenTag kind="app" label="打开APP" />
        </>
      ) : null}
      <NavigationPanel site={site} />
    </header>
  );
}

function BannerAccount() {
  const { user, csrfToken } = useViewer();
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const location = useLocation();
  const logout = useFetcher();
  // The page's own address (its hash too), its language prefix included: useHref puts the router's basename in front.
  const here = useHref(location);
  const authLink = `/auth?redirect=${encodeURIComponent(here)}`;

  // Spec section 2: tapping the avatar logs out after confirmation. Without JavaScript /auth asks instead.
  function confirmLogout(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setConfirmingLogout(true);
  }

  function logOut() {
    setConfirmingLogout(false);
    logout.submit({ intent: "logout", csrf: csrfToken, redirect: here }, { method: "post", action: "/auth" });
  }

  if (!user) {
    return <LoginLink className="banner__login" authLink={authLink} />;
  }
  return (
    <>
      <Link className="banner__login" to={authLink} onClick={confirmLogout} aria-label="退出登录">
        <UserAvatar src={user.avatar} />
      </Link>
      {/* The boundary only while asking: one in the server's HTML would be hydrated apart, and updated before it was. */}
      {confirmingLogout ? (
        <Suspense fallback={null}>
          <LogoutConfirm onCancel={() => setConfirmingLogout(false)} onConfirm={logOut} />
        </Suspense>
      ) : null}
    </>
  );
}
