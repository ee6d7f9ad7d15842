import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";

/** Non-zero envelope codes (docs/platform-api.md, "Error codes"). */
export const ErrorCode = {
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooManyRequests: 429,
  internal: 500,
  contentNotFound: 10024,
  wrongCode: 20001,
  codeExpired: 20002,
  codeBurned: 20003,
  noCode: 20004,
  wrongPassword: 20005,
  passwordLocked: 20006,
} as const;

export type Envelope<T> = { code: number; message: string; data: T | null };

/** An expected failure: answered as HTTP 200 with the envelope code and message. */
export class PlatformError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "PlatformError";
  }
}

function envelope<T>(code: number, message: string, data: T | null): Envelope<T> {
  return { code, message, data };
}

/** Wraps a handler that returns the `data` of a successful envelope (sync or async); thrown errors go to `next`. */
export function handle(fn: (req: Request, res: Response) => unknown): RequestHandler {
  return (req, res, next) => {
    Promise.resolve()
      .then(() => fn(req, res))
      .then((data) => res.json(envelope(0, "success", data ?? null)), next);
  };
}

export const notFound: RequestHandler = (_req, res) => {
  res.json(envelope(ErrorCode.notFound, "接口不存在", null));
};

/** body-parser marks its own failures with a `type`; everything else unexpected is a 500. */
export function errorHandler(log: (line: string, error?: unknown) => void): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (err instanceof PlatformError) {
      res.json(envelope(err.code, err.message, null));
      return;
    }
    const type = typeof err === "object" && err !== null && "type" in err ? String(err.type) : "";
    if (type === "entity.parse.failed") {
      res.json(envelope(ErrorCode.badRequest, "请求体不是合法的 JSON", null));
      return;
    }
    if (type === "entity.too.large") {
      res.json(envelope(ErrorCode.badRequest, "请求体过大", null));
      return;
    }
    if (type.startsWith("charset.") || type.startsWith("encoding.")) {
      res.json(envelope(ErrorCode.badRequest, "请求体编码不受支持", null));
      return;
    }
    log(`error ${req.method} ${req.originalUrl}`, err);
    res.status(500).json(envelope(ErrorCode.internal, "服务器内部错误", null));
  };
}
