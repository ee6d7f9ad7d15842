/** For resource routes and data requests alike. Never cached: an error is not the resource. */
export type JsonError = { status: number; message: string };

const MESSAGES: Record<number, string> = {
  400: "请求无效",
  404: "内容不存在或已下线",
  405: "不支持的请求方式",
  429: "操作太频繁了，请稍后再试",
  500: "服务出错了，请稍后重试",
  503: "服务繁忙，请稍后再试",
};

export function jsonError(status: number, message?: string, headers?: Record<string, string>): Response {
  return Response.json(jsonErrorBody(status, message), { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function jsonErrorBody(status: number, message = MESSAGES[status] ?? MESSAGES[500]): JsonError {
  return { status, message };
}
