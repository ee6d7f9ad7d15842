import { Link, useLocation } from "@remix-run/react";
import type { CSSProperties } from "react";
import type { NavigationItem } from "~/bff/app-config.server";
import { AppOnlyLink } from "~/components/app-only-link";
import { APP_ONLY_MESSAGE, bottomBarItems, currentItem } from "~/lib/navigation-modules";

/** Without JavaScript an app-only item links here, and CSS shows the message while it is the target. */
const UNSUPPORTED_ID = "bottom-nav-unsupported";

/** The label colour app info asks for (already made readable on white). */
function labelStyle(color: string | undefined): CSSProperties | undefined {
  return color ? { color } : undefined;
}

function ItemContent({ item, active }: { item: NavigationItem; active: boolean }) {
  const icon = (active ? item.icons?.active : item.icons?.normal) || item.icons?.normal;
  return (
    <>
      {icon ? (
        <img className="bottom-nav__icon" src={icon} alt="" width={24} height={24} />
      ) : (
        <span className="bottom-nav__icon" aria-hidden="true" />
      )}
      <span className="bottom-nav__label">{item.title}</span>
    </>
  );
}

/** Spec section 2: where `showsBottomBar` says, never on detail pages. Plain links, so it works without JavaScript. */
export function BottomNavigation({ items: allItems }: { items: NavigationItem[] }) {
  const location = useLocation();
  const items = bottomBarItems(allItems);
  const current = currentItem(items, location.pathname, location.search);
  return (
    <>
      <div className="bottom-nav-spacer" aria-hidden="true" />
      <nav className="bottom-nav" aria-label="底部导航" data-chunk="bottom-navigation">
        <ul className="bottom-nav__items">
          {items.map((item) => {
            const active = item === current;
            const style = labelStyle(active ? item.label?.activeColor : item.label?.color);
            return (
              <li key={item.id}>
                {item.to === null ? (
                  <AppOnlyLink messageId={UNSUPPORTED_ID} className="bottom-nav__item" style={style}>
                    <ItemContent item={item} active={false} />
                  </AppOnlyLink>
                ) : (
                  <Link
                    className={active ? "bottom-nav__item bottom-nav__item--active" : "bottom-nav__item"}
                    to={item.to}
                    aria-current={active ? "page" : undefined}
                    style={style}
                  >
                    <ItemContent item={item} active={active} />
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
        <p id={UNSUPPORTED_ID} className="bottom-nav__unsupported" role="status">
          {APP_ONLY_MESSAGE}
        </p>
      </nav>
    </>
  );
}
