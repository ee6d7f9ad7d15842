import { describe, expect } from "vitest";
import { bffTest } from "./fixtures.test-support";
import { COMMUNITY_FIXTURES } from "../../platform/seed-community";

const test = bffTest({ law: () => import("~/bff/law.server") });

describe("law BFF", () => {
  test("reads a law question and its answers, lawyers' first and marked", async ({ upstream, law }) => {
    const id = upstream.id(COMMUNITY_FIXTURES.question);
    expect(await law.getLawQuestion(upstream.caller, id)).toMatchObject({ answer_count: COMMUNITY_FIXTURES.questionAnswers, category: "劳动纠纷" });
    const answers = await law.listLawAnswers(upstream.caller, id, 1);
    expect(answers.list.map((a) => a.author.is_lawyer).slice(0, 3)).toEqual([true, true, false]);
    expect((await law.listLawAnswers(upstream.caller, upstream.id(COMMUNITY_FIXTURES.unansweredQuestion), 1)).total).toBe(0);
  });

  test("sends neither law call with X-Request-Id (spec section 7)", async ({ upstream, law }) => {
    // Calls not made before, so the answers cache does not answer in the platform's place.
    const headers = await upstream.requestIds(() =>
      Promise.all([
        law.getLawQuestion(upstream.caller, upstream.id(COMMUNITY_FIXTURES.unansweredQuestion)),
        law.listLawAnswers(upstream.caller, upstream.id(COMMUNITY_FIXTURES.question), 2),
      ]),
    );
    expect(headers).toEqual({ "/law/v1/api/share/question/detail": null, "/law/v1/api/share/question/answerlist": null });
  });

  test("rejects a missing question with 10024", async ({ upstream, law }) => {
    await expect(law.getLawQuestion(upstream.caller, upstream.id(77))).rejects.toMatchObject({ kind: "code", code: 10024 });
  });
});
