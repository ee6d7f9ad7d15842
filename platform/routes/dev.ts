import { createHash, timingSafeEqual } from "node:crypto";
import { Router, type Request, type RequestHandler } from "express";
import { z } from "zod";
import type { PlatformContext } from "../context";
import { handle } from "../envelope";
import { LIVE_ID_PATTERN, findRoom } from "../live-rooms";
import type { LiveHub } from "../live-streams";
import { PHONE_PATTERN } from "../../app/lib/phone";
import type { TraceContextLog } from "../trace-contexts";
import { parseInput } from "../validation";
import { contentStats, readerCount, STATS_LIMIT, type ContentStats, type StatsFilter } from "./tracker";

const OUTBOX_LIMIT = 50;
const outboxQuery = z.object({ tel: z.string().regex(PHONE_PATTERN, "请输入正确的手机号").optional() });
/** `device`: readers' device ids, comma-separated, as a test names the browsers it drove. */
const statsQuery = outboxQuery.extend({
  device: z
    .string()
    .regex(/^[A-Za-z0-9]{1,64}(,[A-Za-z0-9]{1,64}){0,49}$/, "参数 device 格式错误")
    .transform((ids) => ids.split(","))
    .optional(),
});
/** Up to a day either way: enough for any test, and a broadcast that ends before it starts is refused. */
const offsetSeconds = z.number().int().min(-86_400).max(86_400);
const scheduleBody = z
  .object({ live_id: z.string().regex(LIVE_ID_PATTERN, "参数 live_id 格式错误"), starts_in_s: offsetSeconds, ends_in_s: offsetSeconds })
  .refine((body) => body.ends_in_s > body.starts_in_s, "参数 ends_in_s 必须大于 starts_in_s");

const dropStreamsBody = z.object({ live_id: z.string().regex(LIVE_ID_PATTERN, "参数 live_id 格式错误") });

/** The outbox's path under the platform router, key included: whoever has it can read every verification code. */
export function smsOutboxPath(devKey: string): string {
  return `/dev/sms-outbox?key=${encodeURIComponent(devKey)}`;
}

/** The development statistics page's path under the platform router, key included. */
export function statsPath(devKey: string): string {
  return `/dev/stats?key=${encodeURIComponent(devKey)}`;
}

type OutboxRow = { tel: string; code: string; text: string; created_at: string };

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/**
 * Lets a request through only when its `key` query parameter is the development key; every other request gets the
 * same plain 404 whatever the path under `/dev`, so nothing tells a stranger which pages are there.
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

/** China time, as a visitor reads it: 2026/11/22 20:17:50. */
function chinaTime(iso: string): string {
  return new Date(iso).toLocaleString("zh-CN", { timeZone: "Asia/Shanghai", hour12: false });
}

/** The outbox as a page for someone trying the product in a browser, newest message first, its code large. */
function outboxPage(rows: OutboxRow[], tel: string | undefined): string {
  const items = rows
    .map(
      (row) =>
        `<li><p class="code">${escapeHtml(row.code)}</p><p class="meta">${escapeHtml(row.tel)} · ${escapeHtml(chinaTime(row.created_at))}</p><p>${escapeHtml(row.text)}</p></li>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>开发短信发件箱</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 40rem; padding: 1rem; line-height: 1.5; color: #222; }
h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
ol { list-style: none; padding: 0; }
li { border: 1px solid #ddd; border-radius: 8px; padding: .75rem; margin: 0 0 .75rem; }
li p { margin: 0; }
.code { font-size: 1.75rem; font-weight: 700; letter-spacing: .1em; font-variant-numeric: tabular-nums; }
.meta, .note { color: #555; font-size: .875rem; }
</style></head>
<body><h1>开发短信发件箱</h1>
<p class="note">演示平台没有短信网关，验证码发到这里${tel ? `（只显示 ${escapeHtml(tel)}）` : ""}。最新的在最前，最多 ${OUTBOX_LIMIT} 条；刷新可看到新的验证码。</p>
${rows.length ? `<ol>\n${items}\n</ol>` : "<p>还没有短信。</p>"}
</body></html>`;
}

function statNumber(value: number | null, unit = ""): string {
  return value === null ? "–" : `${value}${unit}`;
}

type StatsAnswer = { list: ContentStats[]; readers: number };

/** Per-content statistics as a page: what the collector at /tracker/log has received, newest activity first. */
function statsPage({ list: rows, readers }: StatsAnswer, tel: string | undefined): string {
  const body = rows
    .map((row) => {
      const name = row.content_id
        ? `${escapeHtml(row.title || "（未知内容）")}<br><code>${escapeHtml(row.content_id)}</code>`
        : `页面 <code>${escapeHtml(row.path)}</code>`;
      const cells = [
        row.readers,
        row.views,
        row.reads,
        statNumber(row.avg_duration, " 秒"),
        statNumber(row.avg_percent, "%"),
        row.exposes,
        row.attempts,
        row.opened,
        row.fell_back,
      ];
      return `<tr><th scope="row">${name}</th>${cells.map((cell) => `<td>${cell}</td>`).join("")}</tr>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>开发统计</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 60rem; padding: 1rem; line-height: 1.5; color: #222; }
h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
.note { color: #555; font-size: .875rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; width: 100%; font-size: .875rem; }
th, td { border-bottom: 1px solid #ddd; padding: .4rem .5rem; text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
th[scope=row], thead th:first-child { text-align: left; white-space: normal; min-width: 12rem; font-weight: 500; }
code { color: #555; font-size: .8rem; }
</style></head>
<body><h1>开发统计</h1>
<p class="note">演示平台在 <code>/tracker/log</code> 收到的统计${tel ? `（只显示 ${escapeHtml(tel)} 的）` : ""}：每个内容的读者（不同设备）、浏览、阅读（平均时长和阅读进度）、曝光，以及唤起 APP 的尝试、成功和回落。最近有动静的在最前，最多 ${STATS_LIMIT} 行；刷新可看到新的数据。共 ${readers} 位读者：一位读者读了几篇，仍算一位。</p>
${
  rows.length
    ? `<div class="scroll"><table>
<thead><tr><th scope="col">内容</th><th scope="col">读者</th><th scope="col">浏览</th><th scope="col">阅读</th><th scope="col">平均时长</th><th scope="col">平均进度</th><th scope="col">曝光</th><th scope="col">唤起尝试</th><th scope="col">唤起成功</th><th scope="col">回落下载</th></tr></thead>
<tbody>
${body}
</tbody></table></div>`
    : "<p>还没有统计。</p>"
}
</body></html>`;
}

/**
 * The development pages: the SMS gateway's outbox, where verification codes "arrive" when there is no real SMS
 * provider, and the statistics the collector received (both filter by `tel`, the statistics by `device` too); and the live controls tests and the
 * bench use: re-timing a broadcast, dropping every open live stream, counting them. Everything under `/dev` answers
 * only to requests carrying the development key.
 */
export function devRoutes(ctx: PlatformContext, devKey: string, live: LiveHub, traceContexts: TraceContextLog): Router {
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
    return { tel, answer: { list: rows } };
  };

  /** A browser opening the printed link gets a page; scripts and tests get the JSON envelope. */
  function pageOrJson<Answer>(
    path: string,
    read: (req: Request) => { tel?: string; answer: Answer },
    page: (answer: Answer, tel?: string) => string,
  ) {
    router.get(path, (req, res, next) => {
      if (req.accepts(["json", "html"]) !== "html") return next();
      const { tel, answer } = read(req);
      res.type("html").send(page(answer, tel));
    });
    router.get(
      path,
      handle((req) => read(req).answer),
    );
  }

  pageOrJson("/dev/sms-outbox", readOutbox, ({ list }, tel) => outboxPage(list, tel));

  const readStats = (req: Request): { tel?: string; answer: StatsAnswer } => {
    const { tel, device } = parseInput(statsQuery, req.query);
    const filter: StatsFilter = { deviceIds: device };
    if (tel !== undefined) {
      const user = ctx.db.prepare("SELECT id FROM users WHERE phone = ?").get(tel) as { id: number } | undefined;
      if (!user) return { tel, answer: { list: [], readers: 0 } };
      filter.userId = ctx.ids.encode(user.id);
    }
    return { tel, answer: { list: contentStats(ctx, filter), readers: readerCount(ctx, filter) } };
  };

  pageOrJson("/dev/stats", readStats, statsPage);

  router.post(
    "/dev/live/schedule",
    handle((req) => {
      const body = parseInput(scheduleBody, req.body);
      const room = findRoom(ctx, body.live_id);
      const at = (offset: number) => new Date(Math.floor(ctx.now().getTime() / 1000 + offset) * 1000).toISOString();
      ctx.db.prepare("UPDATE live_rooms SET start_time = ?, end_time = ? WHERE id = ?").run(at(body.starts_in_s), at(body.ends_in_s), room.id);
      // A re-timing that changes the status now is announced at once, not at the next tick.
      live.tick();
      return { live_id: room.live_id, start_time: Date.parse(at(body.starts_in_s)) / 1000, end_time: Date.parse(at(body.ends_in_s)) / 1000 };
    }),
  );
  router.post(
    "/dev/live/drop-streams",
    handle((req) => {
      const { live_id: liveId } = parseInput(dropStreamsBody, req.body);
      return { dropped: live.dropStreams(findRoom(ctx, liveId).live_id) };
    }),
  );
  router.get(
    "/dev/live/streams",
    handle(() => ({ open: live.openStreams() })),
  );
  // The traceparent headers of the last calls, oldest first (platform/trace-contexts.ts).
  router.get(
    "/dev/trace-contexts",
    handle(() => ({ list: traceContexts.recent() })),
  );

  return router;
}
