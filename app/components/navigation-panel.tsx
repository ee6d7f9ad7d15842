import { Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { NavigationItem } from "~/bff/app-config.server";
import type { RootData } from "~/hooks/use-root-data";
import { AppOnlyLink } from "~/components/app-only-link";
import { SharedMarkup } from "~/components/shared-markup";
import { APP_ONLY_MESSAGE, SITE_PAGES, isSingleEntryModule, moduleEntries, type NavigationEntry } from "~/lib/navigation-modules";

/** Without JavaScript an app-only entry links here, and CSS shows the message while it is the target. */
const UNSUPPORTED_ID = "nav-unsupported";

function EntryLink({ entry, className }: { entry: NavigationEntry; className?: string }) {
  if (entry.to === null) {
    return (
      <AppOnlyLink messageId={UNSUPPORTED_ID} className={className}>
        {entry.name}
      </AppOnlyLink>
    );
  }
  return (
    <Link className={className} to={entry.to}>
      {entry.name}
    </Link>
  );
}

function Module({ item }: { item: NavigationItem }) {
  const entries = moduleEntries(item);
  if (isSingleEntryModule(item, entries)) {
    return (
      <section className="nav__module">
        <EntryLink className="nav__entry" entry={entries[0]} />
      </section>
    );
  }
  // The home module sits right under the 首页 link, which names it.
  return (
    <section className={item.isHome ? "nav__module nav__module--home" : "nav__module"}>
      {item.isHome ? null : <h2 className="nav__module-title">{item.title}</h2>}
      <ul className="nav__groups">
        {entries.map((entry) => (
          <li key={entry.key}>
            <EntryLink entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function trapTab(event: KeyboardEvent, container: HTMLElement) {
  const focusable = [...container.querySelectorAll<HTMLElement>("summary, a[href], button:not([disabled])")].filter(
    (element) => element.getClientRects().length > 0,
  );
  if (focusable.length === 0) return;
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  const inside = container.contains(document.activeElement);
  if (event.shiftKey && (document.activeElement === first || !inside)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
    event.preventDefault();
    first.focus();
  }
}

/** A <details>, so it opens and closes without JavaScript; its toggle stretches into the backdrop, so a tap outside closes it. */
export function NavigationPanel({ site }: { site: RootData["site"] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKey = (event: KeyboardEvent) => {
      if (!details.open) return;
      if (event.key === "Escape") {
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (event.key === "Tab") {
        trapTab(event, details);
      }
    };
    // The backdrop only covers the page below the banner; a tap on the banner's other controls closes it too.
    const onClick = (event: globalThis.MouseEvent) => {
      if (details.open && !details.contains(event.target as Node)) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);

  return (
    <details className="nav" ref={ref}>
      <summary className="nav__toggle" aria-label="导航菜单">
        <span aria-hidden="true" className="nav__icon" />
      </summary>
      <SharedMarkup as="nav" className="nav__panel" aria-label="栏目导航" deps={site.navigation}>
        <Link className="nav__home nav__entry" to="/">
          首页
        </Link>
        {site.navigation.map((item) => (
          <Module key={item.id} item={item} />
        ))}
        <section className="nav__module">
          <h2 className="nav__module-title">更多</h2>
          <ul className="nav__groups">
            {SITE_PAGES.map((entry) => (
              <li key={entry.key}>
                <EntryLink entry={entry} />
              </li>
            ))}
          </ul>
        </section>
        {/* A document load, not the router's: the other language has its own basename (docs/languages.md). */}
        <a className="nav__language" href={site.languageChoice.href}>
          {site.languageChoice.children}
        </a>
        <p id={UNSUPPORTED_ID} className="nav__unsupported" role="status">
          {APP_ONLY_MESSAGE}
        </p>
      </SharedMarkup>
    </details>
  );
}
