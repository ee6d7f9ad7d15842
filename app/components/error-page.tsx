import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** Thrown as the data of a 404 by the catch-all route: no route matched at all. */
export const UNMATCHED = "unmatched";

const TEXTS: Record<number, { title: string; hint: string }> = {
  404: { title: "内容不存在或已下线", hint: "您访问的内容可能已被删除，去首页看看其他精彩内容吧" },
  503: { title: "服务繁忙，请稍后再试", hint: "网络开小差了，请稍后刷新页面" },
  500: { title: "页面出错了", hint: "请稍后刷新页面重试" },
};

export function ErrorPage({ status, unmatched = false }: { status: number; unmatched?: boolean }) {
  const text = unmatched ? { title: "抱歉，页面找不到了", hint: "您访问的地址不存在，请检查链接是否正确" } : (TEXTS[status] ?? TEXTS[500]);
  return (
    <main className="error-page" aria-labelledby="error-title">
      <div className="error-page__code" aria-hidden="true">
        {status}
      </div>
      <h1 id="error-title" className="error-page__title">
        {text.title}
      </h1>
      <p className="error-page__hint">{text.hint}</p>
      <div className="error-page__actions">
        {status === 503 ? (
          <a className="button button--ghost" href="">
            刷新重试
          </a>
        ) : null}
        <Link className="button" to="/" reloadDocument>
          返回首页
        </Link>
      </div>
    </main>
  );
}

/** Every route's ErrorBoundary: thrown responses keep their status; anything else is a 500. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} unmatched={error.data === UNMATCHED} />;
  return <ErrorPage status={500} />;
}
