import { Link, useHref, useLocation } from "@remix-run/react";
import type { RootData } from "~/hooks/use-root-data";
import { PersonalSlot } from "~/components/personal-slot";
import { LoginLink } from "~/components/login-link";
import { UserAvatar } from "~/components/user-avatar";
import { useViewer } from "~/hooks/use-personal";
import { useItemFlags } from "~/hooks/use-app-open";
import { useHydrated } from "~/hooks/use-hydrated";
import { BUNDLED_LOGO } from "~/lib/bundled-logo";

type Props = { site: RootData["site"] };

/** Spec section 2: a web-view has no browser buttons of its own, so inside a mini program this replaces the header. */
export function MiniProgramChrome({ site }: Props) {
  // A mini program item's `nav` and `capsule` (lib/item-flags.ts) take the control and the footer away.
  const { nav, capsule } = useItemFlags().miniProgram;
  // Back and forward need JavaScript: without it the buttons would do nothing, so they appear once it runs.
  const hydrated = useHydrated();
  return (
    <>
      {hydrated && nav ? (
        <nav className="router-control" aria-label="页面导航">
          <button type="button" className="router-control__button" onClick={() => window.history.back()} aria-label="后退">
            <span className="router-control__icon router-control__icon--back" aria-hidden="true" />
          </button>
          <button type="button" className="router-control__button" onClick={() => window.history.forward()} aria-label="前进">
            <span className="router-control__icon" aria-hidden="true" />
          </button>
        </nav>
      ) : null}
      {capsule ? (
        <footer className="mp-footer" data-chunk="mini-program-chrome">
          <img className="mp-footer__logo" src={site.logo || BUNDLED_LOGO} alt="" width={24} height={24} />
          <span className="mp-footer__name">{site.name}</span>
          <PersonalSlot name="mini-program-account">
            <FooterAccount />
          </PersonalSlot>
        </footer>
      ) : null}
    </>
  );
}

function FooterAccount() {
  const { user } = useViewer();
  const location = useLocation();
  // The page's own address, its language prefix included: useHref puts the router's basename in front.
  const authLink = `/auth?redirect=${encodeURIComponent(useHref(location.pathname) + location.search)}`;
  return user ? (
    <Link className="mp-footer__login" to={authLink} aria-label="账号">
      <UserAvatar src={user.avatar} />
    </Link>
  ) : (
    <LoginLink className="mp-footer__login button button--ghost" authLink={authLink} />
  );
}
