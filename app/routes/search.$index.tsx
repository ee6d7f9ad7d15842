import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { PlatformError, rethrowAsResponse } from "~/bff/client.server";
import { LIST_PAGE_SIZE, type Card } from "~/bff/content.server";
import { getHotWords, searchContent, type HotWord } from "~/bff/search.server";
import { HighlightedText } from "~/components/highlighted-text";
import { PagedCardList } from "~/components/paged-card-list";
import { useRecentSearches } from "~/hooks/use-recent-searches";
import { abbreviateCount } from "~/lib/count";
import { isIndexSegment } from "~/lib/index-segment";
import { pageShareMeta } from "~/lib/page-share-meta";
import { collectPages, pageCount } from "~/lib/pages";
import { MAX_KEYWORD_LENGTH, parseKeyword } from "~/lib/search-keyword";
import { canonicalUrl } from "~/lib/share-url";
import { pageNow } from "~/lib/relative-date";
import type { loader as rootLoader } from "~/root";
import { logger } from "~/runtime/logger.server";
import { platformKeyword } from "~/runtime/traditional-chinese.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isIndexSegment(params.index)) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const { keyword, error } = parseKeyword(url.searchParams.get("keyword"));
  const pages = pageCount(url.searchParams.get("page"));
  const caller = await context.caller();
  const canonical = new URL(url.pathname, context.origin);
  if (keyword && !error) canonical.searchParams.set("keyword", keyword);

  // Hot words are a side part: without them the search still works.
  const hotWordsPromise = getHotWords(caller).catch((failure: unknown) => {
    logger.warn(`hot words unavailable: ${(failure as Error).message}`);
    return [];
  });
  let results: { list: Card[]; total: number; pages: number; pageSize: number } | null = null;
  let message = error;
  if (keyword && !error) {
    // The page shows the keyword as typed; the platform is asked in Simplified characters.
    const asked = platformKeyword(keyword, request);
    try {
      results = { ...(await collectPages(pages, (page) => searchContent(caller, asked, page))), pages, pageSize: LIST_PAGE_SIZE };
    } catch (failure) {
      // The platform refused the keyword (code 400): its message goes next to the field, like the site's own checks.
      if (!(failure instanceof PlatformError && failure.kind === "code" && failure.code === 400)) rethrowAsResponse(failure);
      message = failure.message;
    }
  }
  const page = {
    keyword,
    error: message,
    hotWords: await hotWordsPromise,
    results,
    canonical: canonicalUrl(canonical),
    now: pageNow(),
  };
  return message ? data(page, { status: 400 }) : page;
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const site = matches.find((m) => m.id === "root")?.data?.site ?? { name: "", description: "" };
  if (!page) return [{ title: site.name || "搜索" }];
  const searched = Boolean(page.results);
  return pageShareMeta({
    title: searched ? `“${page.keyword}”的搜索结果` : "搜索",
    description: searched ? `在${site.name || "这里"}搜索“${page.keyword}”` : "搜索新闻、视频、音频和更多内容",
    canonical: page.canonical,
    image: "",
    site,
  });
};

function HotWords({ words }: { words: HotWord[] }) {
  if (words.length === 0) return null;
  return (
    <section className="search__block" aria-labelledby="hot-words-title">
      <h2 id="hot-words-title" className="search__block-title">
        热搜榜
      </h2>
      <ol className="hot-words">
        {words.map((w, index) => (
          <li key={w.keyword} className="hot-words__item">
            <Link className="hot-words__link" to={`?keyword=${encodeURIComponent(w.keyword)}`}>
              <span className={index < 3 ? "hot-words__rank hot-words__rank--top" : "hot-words__rank"}>{index + 1}</span>
              <span className="hot-words__word">{w.word}</span>
              {w.label ? <span className="hot-words__label">{w.label}</span> : null}
              <span className="hot-words__heat">{abbreviateCount(w.heat)}</span>
            </Link>
          </li>
        ))}
      </ol>
    </section>
  );
}

function RecentSearches({ list, onClear }: { list: string[]; onClear: () => void }) {
  if (list.length === 0) return null;
  return (
    <section className="search__block" aria-labelledby="recent-title">
      <div className="search__block-head">
        <h2 id="recent-title" className="search__block-title">
          最近搜索
        </h2>
        <button type="button" className="search__clear" onClick={onClear}>
          清空
        </button>
      </div>
      <ul className="recent-searches">
        {list.map((keyword) => (
          <li key={keyword}>
            <Link className="recent-searches__item" to={`?keyword=${encodeURIComponent(keyword)}`}>
              {keyword}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function SearchPage() {
  const { keyword, error, hotWords, results, now } = useLoaderData<typeof loader>();
  const recent = useRecentSearches(results ? keyword : "");
  return (
    <main className="search">
      <Form method="get" role="search" className="search__form" aria-label="搜索">
        <input
          key={keyword}
          className="search__input"
          type="search"
          name="keyword"
          defaultValue={keyword}
          placeholder="搜索新闻、视频、音频"
          aria-label="搜索关键词"
          enterKeyHint="search"
          maxLength={MAX_KEYWORD_LENGTH}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "keyword-error" : undefined}
        />
        <button className="search__submit" type="submit">
          搜索
        </button>
      </Form>
      {error ? (
        <p id="keyword-error" className="search__error" role="alert">
          {error}
        </p>
      ) : null}
      {results ? (
        <section aria-labelledby="results-title">
          <h1 id="results-title" className="search__summary">
            {results.total > 0 ? `找到 ${results.total} 条与“${keyword}”相关的内容` : `“${keyword}”的搜索结果`}
          </h1>
          <PagedCardList
            key={keyword}
            label="搜索结果"
            cards={results}
            pageUrl={(page) => `/api/search?keyword=${encodeURIComponent(keyword)}&page=${page}`}
            now={now}
            marked={{ key: keyword, title: (card) => <HighlightedText text={card.title} keyword={keyword} /> }}
            empty={
              <div className="empty">
                <p>没有找到与“{keyword}”相关的内容</p>
                <p>换个关键词试试，或看看大家都在搜什么</p>
              </div>
            }
          />
          {results.total === 0 ? <HotWords words={hotWords} /> : null}
        </section>
      ) : (
        <>
          <h1 className="visually-hidden">搜索</h1>
          <RecentSearches list={recent.list} onClear={recent.clear} />
          <HotWords words={hotWords} />
        </>
      )}
    </main>
  );
}
