import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getLawQuestion, listLawAnswers, type LawAnswer } from "~/bff/law.server";
import { AnswerItem } from "~/components/community/answer-item";
import { PagedItems } from "~/components/community/paged-items";
import { Person } from "~/components/community/person";
import { requireQueryId } from "~/route-support/query-id.server";
import { communityPage } from "~/route-support/community-page.server";
import { communityAppOpen } from "~/lib/app-open";
import { communityPageUrls, communityPaths } from "~/lib/community-paths";
import { chineseCount } from "~/lib/count";
import { siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";
import { formatDate } from "~/lib/relative-date";
import { detailShareMeta } from "~/lib/share-meta";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { communityLinks as links } from "~/components/community/stylesheet";

const SUMMARY_LENGTH = 80;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const questionId = requireQueryId(request);
  return communityPage(request, context, async (caller, pages) => {
    const [question, answers] = await Promise.all([
      getLawQuestion(caller, questionId),
      collectPages(pages, (page) => listLawAnswers(caller, questionId, page)),
    ]);
    return { question, answers, appOpen: communityAppOpen.question(question.question_id) };
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "问题不存在" }];
  const { question, answers, canonical } = data;
  const best = answers.list.find((answer) => answer.author.is_lawyer);
  return detailShareMeta({
    content: {
      content_type: "law_question",
      title: question.title,
      // A lawyer's answer is what a shared question promises; else the question's own text.
      summary: (best ? `${best.author.alias}：${best.content}` : question.content).replace(/\s+/g, " ").slice(0, SUMMARY_LENGTH),
      source_alias: question.category,
      mp_name: "",
      publish_at: question.created_at,
      duration_str: "",
      cover: "",
      media_url: "",
    },
    canonical,
    site: siteOf(matches),
  });
};

const keyOf = (answer: LawAnswer) => answer.answer_id;

/** /fazak/problemShare/index?id=: a law question and its answers (lawyers' first, marked), ten at a time. */
export default function ProblemSharePage() {
  const { question, answers, pages, now } = useLoaderData<typeof loader>();
  return (
    <main className="community">
      <article className="question">
        {question.category ? <p className="question__category">{question.category}</p> : null}
        <h1 className="question__title">{question.title}</h1>
        <p className="question__text">{question.content}</p>
        <p className="question__meta">
          <Person avatar={question.asker.avatar} alias={question.asker.alias} size={24} />
          <time dateTime={question.created_at}>{formatDate(question.created_at)}</time>
          <span>{chineseCount(question.view_count)}浏览</span>
        </p>
      </article>
      <section className="section" aria-labelledby="answers-title">
        <h2 id="answers-title" className="section__title">
          {question.answer_count > 0 ? `${question.answer_count}个回答` : "回答"}
          {question.lawyer_answer_count > 0 ? <span className="question__lawyers">{question.lawyer_answer_count}位律师已解答</span> : null}
        </h2>
        <PagedItems
          page={answers}
          pages={pages}
          pageUrl={(page) => communityPageUrls.answers(question.question_id, page)}
          moreHref={(page) => `${communityPaths.question(question.question_id)}&page=${page}`}
          keyOf={keyOf}
          render={(answer) => <AnswerItem key={answer.answer_id} answer={answer} now={now} />}
          className="answer-list"
          label="回答"
          emptyText="律师正在赶来解答的路上，打开APP关注这个问题"
        />
      </section>
    </main>
  );
}
