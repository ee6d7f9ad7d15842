import { Link } from "@remix-run/react";
import type { NavigationItem } from "~/bff/app-config.server";

// Spec section 2: app and topic modules exist only in the native app.
const APP_ONLY_CATEGORIES = new Set(["app", "topic"]);

/** The slide-out navigation of the banner, grouped by module. A <details> so it opens without JavaScript. */
export function NavigationPanel({ items }: { items: NavigationItem[] }) {
  return (
    <details className="nav">
      <summary className="nav__toggle" aria-label="导航菜单">
        <span aria-hidden="true" className="nav__icon" />
      </summary>
      <nav className="nav__panel" aria-label="栏目导航">
        <Link className="nav__home" to="/">
          首页
        </Link>
        {items.map((item) => (
          <section key={item.id} className="nav__module">
            <h2 className="nav__module-title">{item.title}</h2>
            {APP_ONLY_CATEGORIES.has(item.category) ? (
              <p className="nav__unsupported">暂不支持该模块，请前往APP查看</p>
            ) : (
              <ul className="nav__groups">
                {item.groups.map((group) => (
                  <li key={group.gid}>
                    <Link to={`/?group=${encodeURIComponent(group.gid)}`}>{group.name}</Link>
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </nav>
    </details>
  );
}
