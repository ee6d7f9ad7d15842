import { z } from "zod";
import { detached, platformRequest, type Caller } from "~/bff/client.server";
import type { Page } from "~/bff/content.server";
import { cached } from "~/bff/answers-cache.server";

/** Both calls are among the spec's that go without X-Request-Id (client.server.ts). */

const BASE = "/law/v1/api/share/question";

export const ANSWER_PAGE_SIZE = 10;

const QUESTION_TTL_MS = 10_000;

const count = z.number().int().nonnegative().catch(0);

const questionSchema = z.object({
  question_id: z.string(),
  category: z.string().default(""),
  title: z.string(),
  content: z.string().default(""),
  asker: z.object({ alias: z.string(), avatar: z.string().default("") }),
  view_count: count,
  answer_count: count,
  lawyer_answer_count: count,
  created_at: z.string(),
});
export type LawQuestion = z.infer<typeof questionSchema>;

const answerSchema = z.object({
  answer_id: z.string(),
  author: z.object({
    user_id: z.string(),
    alias: z.string(),
    avatar: z.string().default(""),
    is_lawyer: z.boolean().default(false),
    title: z.string().default(""),
  }),
  content: z.string(),
  like_count: count,
  created_at: z.string(),
});
export type LawAnswer = z.infer<typeof answerSchema>;

export function getLawQuestion(caller: Caller, id: string): Promise<LawQuestion> {
  return cached(caller, `law:question:${id}`, QUESTION_TTL_MS, () =>
    platformRequest(`${BASE}/detail`, detached(caller), { query: { id }, schema: questionSchema }),
  );
}

export function listLawAnswers(caller: Caller, id: string, page: number): Promise<Page<LawAnswer>> {
  return cached(caller, `law:answers:${id}:${page}`, QUESTION_TTL_MS, () =>
    platformRequest(`${BASE}/answerlist`, detached(caller), {
      query: { id, page, size: ANSWER_PAGE_SIZE },
      schema: z.object({ list: z.array(answerSchema), total: count }),
    }),
  );
}
