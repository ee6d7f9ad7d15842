import type { IncomingMessage } from "node:http";
import type { Request, RequestHandler, Response } from "express";
import { isSingleFetchDataPath } from "../../app/framework/remix-internals";
import { BASE_PATH } from "../../app/lib/base-path";
import { fromTrustedProxy, hostOf, protocolOf, type TrustProxy } from "./public-origin";

const METHODS = ["GET", "HEAD", "POST"];

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Far above any form of the site (a comment is at most 500 characters). */
export const FORM_BODY_LIMIT_BYTES = 64 * 1024;

const TEXTS = {
  target: { status: 400, title: "请求地址无效", hint: "请检查链接是否正确" },
  host: { status: 400, title: "请求地址无效", hint: "请通过正确的网址访问" },
  method: { status: 405, title: "不支持的请求方式", hint: "请通过页面上的链接和按钮访问" },
  type: { status: 415, title: "无法识别提交的内容", hint: "请通过页面上的表单提交" },
  size: { status: 413, title: "提交的内容过大", hint: "请精简内容后重试" },
  form: { status: 400, title: "提交的内容无效", hint: "请刷新页面后重试" },
  origin: { status: 403, title: "请求来源无效", hint: "请在本站页面上操作" },
} as const;

type Problem = keyof typeof TEXTS;

declare module "express-serve-static-core" {
  interface Locals {
    form?: FormData;
  }
}

export function refuseMalformedRequests(options: { knownHosts: Set<string> }): RequestHandler {
  return (req, res, next) => {
    const problem = shapeProblem(req, req.originalUrl, options.knownHosts, req.app.get("trust proxy fn") as TrustProxy | undefined);
    if (problem) refuse(req, res, problem);
    else next();
  };
}

/** The form is parsed here, the one time, and left in `res.locals.form` for the action. */
export const formBodies: RequestHandler = (req, res, next) => {
  if (req.method !== "POST") return next();
  readForm(req)
    .then((result) => {
      if (typeof result === "string") return refuse(req, res, result);
      res.locals.form = result;
      next();
    })
    .catch(next);
};

/** A plain request too: the stored-page answers (server/page-cache/stored-page-hits.ts) check the same. */
export function shapeProblem(req: IncomingMessage, target: string, knownHosts: Set<string>, trust: TrustProxy | undefined): Problem | null {
  // Express would route the path of 'http://host/…', but the site builds URLs from the target.
  if (!target.startsWith("/")) return "target";
  if (!METHODS.includes(req.method ?? "")) return "method";
  const trusted = fromTrustedProxy(req, trust);
  if (!knownHosts.has(hostOf(req, trusted))) return "host";
  const protocol = protocolOf(req, trusted);
  if (protocol !== "http" && protocol !== "https") return "host";
  return null;
}

async function readForm(req: Request): Promise<FormData | Problem> {
  const type = req.get("content-type") ?? "";
  if (!FORM_TYPES.has(type.split(";")[0].trim().toLowerCase())) return "type";
  const declared = Number(req.get("content-length"));
  if (declared > FORM_BODY_LIMIT_BYTES) return "size";
  const body = await readBody(req, FORM_BODY_LIMIT_BYTES);
  if (!body) return "size";
  try {
    return await new globalThis.Response(new Uint8Array(body), { headers: { "content-type": type } }).formData();
  } catch {
    return "form";
  }
}

/** Null as soon as it grows past `limit`; the rest is left unread and the connection then closes. */
function readBody(req: Request, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length <= limit) return void chunks.push(chunk);
      req.off("data", onData).off("end", onEnd).off("error", reject).pause();
      resolve(null);
    };
    const onEnd = () => resolve(Buffer.concat(chunks));
    req.on("data", onData).on("end", onEnd).on("error", reject);
  });
}

export function refuse(req: Request, res: Response, problem: Problem): void {
  const text = TEXTS[problem];
  if (text.status === 405) res.set("Allow", METHODS.join(", "));
  // A body left unread would be parsed as the next request on a kept-alive connection.
  if (!req.complete) res.set("Connection", "close");
  res.status(text.status).set("Cache-Control", "no-store");
  if (isSingleFetchDataPath(req.path)) {
    res.json({ status: text.status, message: text.title });
    return;
  }
  res.type("html").send(refusalPage(text.status, text.title, text.hint));
}

function refusalPage(status: number, title: string, hint: string): string {
  // Self-contained: the site's stylesheet has a fingerprinted name only the Remix build knows.
  return `<!DOCTYPE html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1,viewport-fit=cover">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"PingFang SC","Noto Sans CJK SC","Microsoft YaHei",sans-serif;color:#222;background:#fff}
main{display:flex;flex-direction:column;align-items:center;padding:64px 24px;text-align:center}
.code{font-size:56px;font-weight:800;line-height:1;color:#ffc9be}
h1{margin:16px 0 0;font-size:18px}
p{margin:8px 0 0;font-size:14px;color:#666}
a{display:inline-flex;align-items:center;margin-top:24px;min-height:40px;padding:0 20px;border-radius:999px;background:#d73e1e;color:#fff;text-decoration:none;font-size:15px}
</style>
</head>
<body>
<main>
<div class="code" aria-hidden="true">${status}</div>
<h1>${title}</h1>
<p>${hint}</p>
<a href="${BASE_PATH}">返回首页</a>
</main>
</body>
</html>`;
}
