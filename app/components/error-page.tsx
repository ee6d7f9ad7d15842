import type { MetaDescriptor } from "@remix-run/node";
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useEffect } from "react";
import { reportClientError } from "~/client/error-reports";

/** Thrown as the data of a 404 by the catch-all route: no route matched at all. */
export const UNMATCHED = "unmatched";

type ErrorText = { docTitle: string; title: string; hint: string };

const TEXTS: Record<number, ErrorText> = {
  404: { docTitle: "内容不存在", title: "内容不存在或已下线", hint: "您访问的内容可能已被删除，去首页看看其他精彩内容吧" },
  503: { docTitle: "服务繁忙", title: "服务繁忙，请稍后再试", hint: "网络开小差了，请稍后刷新页面" },
  500: { docTitle: "页面出错了", title: "页面出错了", hint: "请稍后刷新页面重试" },
};
const UNMATCHED_TEXT: ErrorText = { docTitle: "页面找不到了", title: "抱歉，页面找不到了", hint: "您访问的地址不存在，请检查链接是否正确" };

function errorText(status: number, unmatched: boolean): ErrorText {
  return unmatched ? UNMATCHED_TEXT : (TEXTS[status] ?? TEXTS[500]);
}

function describe(error: unknown): { status: number; unmatched: boolean } {
  if (isRouteErrorResponse(error)) return { status: error.status, unmatched: error.data === UNMATCHED };
  return { status: 500, unmatched: false };
}

/** A route's meta for its error page: the title says what went wrong (a tab or a share card shows it), no indexing. */
export function errorMeta(error: unknown, siteName: string | undefined): MetaDescriptor[] {
  const { status, unmatched } = describe(error);
  const { docTitle } = errorText(status, unmatched);
  return [{ title: siteName ? `${docTitle} - ${siteName}` : docTitle }, { name: "robots", content: "noindex" }];
}

export function ErrorPage({ status, unmatched = false }: { status: number; unmatched?: boolean }) {
  const text = errorText(status, unmatched);
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

/** What Remix makes of a server error in production: the server logged it, it is no script error of the page. */
const SANITIZED_SERVER_ERROR = "Unexpected Server Error";

/** A script error it caught is reported (a thrown response is no error). */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    if (error instanceof Error && error.message !== SANITIZED_SERVER_ERROR) reportClientError("boundary", error);
  }, [error]);
  return <ErrorPage {...describe(error)} />;
}
