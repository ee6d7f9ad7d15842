import { Router } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { ErrorCode, PlatformError, handle } from "../envelope";
import { requireToken } from "../tokens";
import { intQuery, parseInput } from "../validation";

/**
 * Law questions (fazak) under /law/v1/api/share/question. The spec names `detail` and `answerlist`; their
 * queries and shapes are ours (docs/platform-api.md, "Law questions").
 */

const BASE = "/law/v1/api/share/question";
const DEFAULT_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 50;

const id = z.string({ required_error: "缺少参数 id" }).min(1).max(64);
const detailQuery = z.object({ id });
const answersQuery = z.object({ id, page: intQuery(1, 1, 100_000), size: intQuery(DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE) });

type QuestionRow = {
  id: number;
  user_id: number;
  alias: string;
  avatar: string;
  category: string;
  title: string;
  content: string;
  view_count: number;
  created_at: string;
};
type AnswerRow = {
  id: number;
  user_id: number;
  alias: string;
  avatar: string;
  lawyer_title: string | null;
  content: string;
  like_count: number;
  created_at: string;
};

export function lawRoutes(ctx: PlatformContext): Router {
  const router = Router();
  const { db, ids } = ctx;
  const token = requireToken(ctx);
  const now = () => ctx.now().toISOString();

  function findQuestion(questionId: string): QuestionRow {
    const dbId = ids.decode(questionId);
    const row =
      dbId === null
        ? undefined
        : (db
            .prepare(
              `SELECT q.id, q.user_id, u.alias, u.avatar, q.category, q.title, q.content, q.view_count, q.created_at
              FROM law_questions q JOIN users u ON u.id = q.user_id WHERE q.id = @id AND q.created_at <= @now`,
            )
            .get({ id: dbId, now: now() }) as QuestionRow | undefined);
    if (!row) throw new PlatformError(ErrorCode.contentNotFound, "问题不存在");
    return row;
  }

  const answerCount = (question: number) =>
    (db.prepare("SELECT COUNT(*) AS n FROM law_answers WHERE question_id = ? AND created_at <= ?").get(question, now()) as { n: number }).n;

  router.get(
    `${BASE}/detail`,
    token,
    handle((req) => {
      const row = findQuestion(parseInput(detailQuery, req.query).id);
      const { lawyers } = db
        .prepare(
          `SELECT COUNT(*) AS lawyers FROM law_answers a JOIN lawyers l ON l.user_id = a.user_id
          WHERE a.question_id = ? AND a.created_at <= ?`,
        )
        .get(row.id, now()) as { lawyers: number };
      return {
        question_id: ids.encode(row.id),
        category: row.category,
        title: row.title,
        content: row.content,
        // Askers are shown by their alias only.
        asker: { alias: row.alias, avatar: ctx.media(row.avatar) },
        view_count: row.view_count,
        answer_count: answerCount(row.id),
        lawyer_answer_count: lawyers,
        created_at: row.created_at,
      };
    }),
  );

  router.get(
    `${BASE}/answerlist`,
    token,
    handle((req) => {
      const query = parseInput(answersQuery, req.query);
      const question = findQuestion(query.id);
      // Lawyers' answers first, then the most liked.
      const rows = db
        .prepare(
          `SELECT a.id, a.user_id, u.alias, u.avatar, l.title AS lawyer_title, a.content, a.like_count, a.created_at
          FROM law_answers a JOIN users u ON u.id = a.user_id LEFT JOIN lawyers l ON l.user_id = a.user_id
          WHERE a.question_id = @question AND a.created_at <= @now
          ORDER BY l.user_id IS NULL, a.like_count DESC, a.id LIMIT @limit OFFSET @offset`,
        )
        .all({ question: question.id, now: now(), limit: query.size, offset: (query.page - 1) * query.size }) as AnswerRow[];
      return {
        list: rows.map((r) => ({
          answer_id: ids.encode(r.id),
          author: {
            user_id: ids.encode(r.user_id),
            alias: r.alias,
            avatar: ctx.media(r.avatar),
            is_lawyer: r.lawyer_title !== null,
            title: r.lawyer_title ?? "",
          },
          content: r.content,
          like_count: r.like_count,
          created_at: r.created_at,
        })),
        total: answerCount(question.id),
      };
    }),
  );

  return router;
}
