import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { getTopic, listClues } from "~/bff/clue-report.server";
import { ClueList } from "~/components/dejin/clue-list";
import { pageRequest } from "~/route-support/page-request.server";
import { dejinAppOpen } from "~/lib/app-open";
import { chineseCount } from "~/lib/count";
import { clueListPageUrl, dejinPaths, type ClueList as ClueListKind } from "~/lib/dejin-paths";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** Longer than any topic name the platform accepts: answered 404 without asking it. */
const MAX_TOPIC_NAME = 32;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const topicName = params.topicName ?? "";
  if (!topicName || topicName.length > MAX_TOPIC_NAME) throw data(null, { status: 404 });
  const { caller, url, canonical, pages, now } = await pageRequest(request, context);
  const channel = url.searchParams.get("channel") || undefined;
  const list: ClueListKind = { kind: "topic", topic_name: topicName, channel };
  try {
    // An unknown topic or a channel of another topic is the platform's 404.
    const [topic, clues] = await Promise.all([getTopic(caller, topicName), collectPages(pages, (page) => listClues(caller, list, page))]);
    return { topic, list, channel: channel ?? "", clues, pages, canonical, now, appOpen: dejinAppOpen.topic(topic.topic_name) };
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageShareMeta({
    title: data ? `#${data.topic.topic_title}` : "话题不存在",
    description: data?.topic.description ?? "",
    image: data?.topic.cover ?? "",
    canonical: data?.canonical ?? "",
    site: siteOf(matches),
  });

/**
 * /dejin/topic/{topic_name}/index: a topic, its channels as tabs (plain links, so they work without JavaScript)
 * and its clues ten at a time, most read first (the spec's changeChannelType).
 */
export default function DejinTopic() {
  const { topic, list, channel, clues, pages, now } = useLoaderData<typeof loader>();
  const tab = (active: boolean) => (active ? "tabs__item tabs__item--active" : "tabs__item");
  const here = (page: number) => `${dejinPaths.topic(topic.topic_name, channel || undefined)}${channel ? "&" : "?"}page=${page}`;
  return (
    <main className="dejin-page">
      <section className="topic-head">
        {topic.cover ? <img className="topic-head__cover" src={topic.cover} alt="" width={640} height={360} /> : null}
        <div className="topic-head__text">
          <h1 className="topic-head__name">#{topic.topic_title}</h1>
          {topic.description ? <p className="topic-head__desc">{topic.description}</p> : null}
          <p className="topic-head__meta">
            {topic.clue_count}条爆料 · {chineseCount(topic.view_sum)}阅读
          </p>
        </div>
      </section>
      <nav className="tabs" aria-label="频道">
        <Link className={tab(!channel)} to={dejinPaths.topic(topic.topic_name)} preventScrollReset aria-current={channel ? undefined : "page"}>
          全部
        </Link>
        {topic.channel_list.map((c) => (
          <Link
            key={c.channel_id}
            className={tab(c.channel_id === channel)}
            to={dejinPaths.topic(topic.topic_name, c.channel_id)}
            preventScrollReset
            aria-current={c.channel_id === channel ? "page" : undefined}
          >
            {c.name}
          </Link>
        ))}
      </nav>
      <p className="dejin-page__sort">按热度排序</p>
      <ClueList
        key={channel}
        page={clues}
        pages={pages}
        now={now}
        pageUrl={(page) => clueListPageUrl(list, page)}
        moreHref={here}
        emptyText="这个频道还没有爆料，打开APP第一个爆料吧"
      />
    </main>
  );
}
