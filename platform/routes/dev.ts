import { createHash, timingSafeEqual } from "node:crypto";
import { Router, type Request, type RequestHandler } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { handle } from "../envelope";
import { PHONE_PATTERN } from "../../app/lib/phone";
import { parseInput } from "../validation";

const OUTBOX_LIMIT = 50;
const outboxQuery = z.object({ tel: z.string().regex(PHONE_PATTERN, "请输入正确的手机号").optional() });

/** The outbox's path under the platform router, key included: whoever has it can read every verification code. */
export function smsOutboxPath(devKey: string): string {
  return `/dev/sms-outbox?key=${encodeURIComponent(devKey)}`;
}

type OutboxRow = { tel: string; code: string; text: string; created_at: string };

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * Lets a request through only when its `key` query parameter is the development key; every other request gets a
 * plain 404, the same as a path that does not exist, so nothing tells a stranger the pages are there.
 */
function requireDevKey(devKey: string): RequestHandler {
  const expected = digest(devKey);
  return (req, res, next) => {
    const key = req.query.key;
    // Comparing digests keeps the comparison constant-time whatever the length of the guess.
    if (typeof key === "string" && timingSafeEqual(digest(key), expected)) {
      // Neither caches nor the next page's Referer may keep a URL that carries the key.
      res.set({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
      return next();
    }
    res.sendStatus(404);
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The outbox as a page for someone trying the product in a browser. */
function outboxPage(rows: OutboxRow[], tel: string | undefined): string {
  const items = rows
    .map((row) => `<tr><td>${escapeHtml(row.created_at)}</td><td>${escapeHtml(row.tel)}</td><td><b>${escapeHtml(row.code)}</b></td><td>${escapeHtml(row.text)}</td></tr>`)
    .join("\n");
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>开发短信发件箱</title></head>
<body><h1>开发短信发件箱</h1>
<p>演示平台没有短信网关：验证码发到这里${tel ? `（只显示 ${escapeHtml(tel)}）` : ""}，最新的在前，最多 ${OUTBOX_LIMIT} 条。刷新页面可看到新的验证码。</p>
${rows.length ? `<table border="1" cellpadding="4"><thead><tr><th>时间 (UTC)</th><th>手机号</th><th>验证码</th><th>短信</th></tr></thead><tbody>\n${items}\n</tbody></table>` : "<p>还没有短信。</p>"}
</body></html>`;
}

/**
 * The development SMS gateway's outbox: where verification codes "arrive" when there is no real SMS provider.
 * Everything under `/dev` answers only to requests carrying the development key.
 */
export function devRoutes(ctx: PlatformContext, devKey: string): Router {
  const router = Router();
  router.use("/dev", requireDevKey(devKey));

  const readOutbox = (req: Request) => {
    const { tel } = parseInput(outboxQuery, req.query);
    const rows = ctx.db
      .prepare(
        `SELECT tel, code, text, created_at FROM sms_outbox
         WHERE @tel IS NULL OR tel = @tel ORDER BY id DESC LIMIT ${OUTBOX_LIMIT}`,
      )
      .all({ tel: tel ?? null }) as OutboxRow[];
    return { tel, rows };
  };

  router.get("/dev/sms-outbox", (req, res, next) => {
    // A browser opening the printed link gets a page; scripts and tests get the JSON envelope.
    if (req.accepts(["json", "html"]) !== "html") return next();
    const { tel, rows } = readOutbox(req);
    res.type("html").send(outboxPage(rows, tel));
  });
  router.get(
    "/dev/sms-outbox",
    handle((req) => ({ list: readOutbox(req).rows })),
  );

  return router;
}
