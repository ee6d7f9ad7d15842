import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { DetailLayout } from "~/components/detail/detail-layout";
import type { InteractionAnswer } from "~/hooks/use-login-prompt";
import type { loader as rootLoader } from "~/root";
import { detailAction, loadDetail, type DetailParams } from "./detail.server";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/**
 * The content detail page of every type: /{actor}/{type}/{year?}/{month?}/{post_id}/index.html
 * (and /{actor}/special/…/{id}/index). The content-type registry decides the body, the layout flags and the
 * share metadata. vite.config.ts also mounts this module at /special/{id}/index, which has no actor and no type.
 */
function detailParams(params: LoaderFunctionArgs["params"]): DetailParams {
  return { actor: params.actor, segment: params.type ?? "special", postId: params.postId ?? "", index: params.index ?? "" };
}

export const loader = (args: LoaderFunctionArgs) => loadDetail(args, detailParams(args.params));

export const action = (args: ActionFunctionArgs) => detailAction(args, detailParams(args.params));

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, matches }) => {
  const site = matches.find((m) => m.id === "root")?.data?.site;
  if (!page) return [{ title: site?.name || "内容不存在" }];
  return page.share;
};

export default function DetailPage() {
  const answer = useActionData<typeof action>() as InteractionAnswer | undefined;
  return <DetailLayout {...useLoaderData<typeof loader>()} documentResult={answer} />;
}
