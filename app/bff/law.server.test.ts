import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBffUpstream } from "../../platform/bff-upstream.test-support";
import { COMMUNITY_FIXTURES } from "../../platform/seed-community";

let local: Awaited<ReturnType<typeof startBffUpstream>>;
let law: typeof import("~/bff/law.server");

beforeAll(async () => {
  local = await startBffUpstream();
  law = await import("~/bff/law.server");
});
afterAll(() => local.close());

describe("law BFF", () => {
  it("reads a law question and its answers, lawyers' first and marked", async () => {
    const id = local.id(COMMUNITY_FIXTURES.question);
    expect(await law.getLawQuestion(local.caller, id)).toMatchObject({ answer_count: COMMUNITY_FIXTURES.questionAnswers, category: "劳动纠纷" });
    const answers = await law.listLawAnswers(local.caller, id, 1);
    expect(answers.list.map((a) => a.author.is_lawyer).slice(0, 3)).toEqual([true, true, false]);
    expect((await law.listLawAnswers(local.caller, local.id(COMMUNITY_FIXTURES.unansweredQuestion), 1)).total).toBe(0);
  });

  it("sends neither law call with X-Request-Id (spec section 7)", async () => {
    // Calls not made before, so the shared cache does not answer in the platform's place.
    const headers = await local.requestIds(() =>
      Promise.all([
        law.getLawQuestion(local.caller, local.id(COMMUNITY_FIXTURES.unansweredQuestion)),
        law.listLawAnswers(local.caller, local.id(COMMUNITY_FIXTURES.question), 2),
      ]),
    );
    expect(headers).toEqual({ "/law/v1/api/share/question/detail": null, "/law/v1/api/share/question/answerlist": null });
  });

  it("rejects a missing question with 10024", async () => {
    await expect(law.getLawQuestion(local.caller, local.id(77))).rejects.toMatchObject({ kind: "code", code: 10024 });
  });
});
