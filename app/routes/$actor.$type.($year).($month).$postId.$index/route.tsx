import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useActionData, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { Suspense } from "react";
import { DetailLayout } from "~/components/detail/detail-layout";
import { errorMeta, RouteErrorBoundary } from "~/components/error-page";
import { LazyPreviewExpired } from "~/components/preview/lazy-preview";
import type { InteractionAnswer } from "~/hooks/use-login-prompt";
import type { loader as rootLoader } from "~/root";
import { detailAction, loadDetail, type DetailParams } from "./detail.server";

/** vite.config.ts also mounts this module at /special/{id}/index, which has no actor and no type. */
function detailParams(params: LoaderFunctionArgs["params"]): DetailParams {
  return { actor: params.actor, segment: params.type ?? "special", postId: params.postId ?? "", index: params.index ?? "" };
}

/** The visitor's own state is all in the loader's personal part (app/render/personal.server.tsx). */
export const handle = { personalized: true };

export { retryAfterHeaders as headers } from "~/runtime/rate-limit.server";

export const loader = (args: LoaderFunctionArgs) => loadDetail(args, detailParams(args.params));

export const action = (args: ActionFunctionArgs) => detailAction(args, detailParams(args.params));

/** A live page's chat and likes keep it current through its event stream: they do not reload the page's data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) => {
  const intent = formData?.get("intent");
  return intent === "live_chat" || intent === "live_like" ? false : defaultShouldRevalidate;
};

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, error, matches }) => {
  const site = matches.find((m) => m.id === "root")?.data?.site;
  if (!page) return errorMeta(error, site?.name);
  return page.share;
};

export default function DetailPage() {
  const answer = useActionData<typeof action>() as InteractionAnswer | undefined;
  return <DetailLayout {...useLoaderData<typeof loader>()} documentResult={answer} />;
}

/** The loader's 410 is a preview link whose time is up; every other error is the site's error page. */
export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error) || error.status !== 410) return <RouteErrorBoundary />;
  return (
    <Suspense fallback={null}>
      <LazyPreviewExpired />
    </Suspense>
  );
}
