import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { getAppConfig, type NavigationItem } from "~/bff/app-config.server";
import { rethrowAsResponse, sidePart } from "~/bff/client.server";
import { LIST_PAGE_SIZE, listContent, listGroups, type Group } from "~/bff/content.server";
import { errorMeta } from "~/components/error-page";
import { PagedCardList } from "~/components/paged-card-list";
import { currentItem } from "~/lib/navigation-modules";
import { collectPages, pageCount } from "~/lib/pages";
import { pageNow } from "~/lib/relative-date";
import { SHARE_FALLBACK_DESCRIPTION } from "~/lib/wechat-share";
import type { loader as rootLoader } from "~/root";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/**
 * The tabs of the home page: the groups of the bottom-bar item the page belongs to (the home item, or the group
 * item of `group`), with 全部 first on the home item; all groups when app info names none.
 */
function homeTabs(groups: Group[], navigation: NavigationItem[], group: string) {
  const item = currentItem(navigation, "/", group ? `?group=${encodeURIComponent(group)}` : "");
  if (!item || item.groups.length === 0) return { tabs: groups, showAll: true };
  return { tabs: item.groups, showAll: item.isHome };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const group = url.searchParams.get("group") ?? "";
  const pages = pageCount(url.searchParams.get("page"));
  const caller = await context.caller();
  try {
    const [groups, feed, config] = await Promise.all([
      listGroups(caller),
      collectPages(pages, (page) => listContent(caller, { gid: group || undefined, page, size: LIST_PAGE_SIZE })),
      // The tabs fall back to every group when app info is unavailable.
      getAppConfig(sidePart(caller)).catch(() => null),
    ]);
    return {
      group,
      ...homeTabs(groups, config?.navigation ?? [], group),
      cards: { ...feed, pages, pageSize: LIST_PAGE_SIZE },
      now: pageNow(),
    };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ error, matches }) => {
  const site = matches.find((m) => m.id === "root")?.data?.site;
  if (error) return errorMeta(error, site?.name);
  const name = site?.name || "精彩内容";
  return [{ title: name }, { name: "description", content: site?.description || SHARE_FALLBACK_DESCRIPTION }];
};

function Tab({ to, active, children }: { to: string; active: boolean; children: string }) {
  return (
    <Link className={active ? "tabs__item tabs__item--active" : "tabs__item"} to={to} aria-current={active ? "page" : undefined}>
      {children}
    </Link>
  );
}

export default function Home() {
  const { group, tabs, showAll, cards, now } = useLoaderData<typeof loader>();
  const groupQuery = group ? `group=${encodeURIComponent(group)}&` : "";
  return (
    <main className="home">
      {tabs.length > 1 || showAll ? (
        <nav className="tabs" aria-label="频道">
          {showAll ? (
            <Tab to="/" active={!group}>
              全部
            </Tab>
          ) : null}
          {tabs.map((g) => (
            <Tab key={g.gid} to={`/?group=${encodeURIComponent(g.gid)}`} active={g.gid === group}>
              {g.name}
            </Tab>
          ))}
        </nav>
      ) : (
        <h1 className="home__title">{tabs[0]?.name}</h1>
      )}
      <PagedCardList
        cards={cards}
        label="内容列表"
        pageUrl={(page) => `/api/content?${groupQuery}page=${page}`}
        now={now}
        empty={
          <div className="empty">
            <p>这个频道还没有内容，去看看别的吧</p>
            {group ? (
              <Link className="button button--ghost" to="/">
                回到首页
              </Link>
            ) : null}
          </div>
        }
      />
    </main>
  );
}
