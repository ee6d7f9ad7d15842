import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { InvitePage } from "~/components/pages/invite-page";
import { pageRequest } from "~/route-support/page-request.server";
import { isIndexSegment } from "~/lib/index-segment";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { links } from "~/components/pages/stylesheet";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isIndexSegment(params.index)) throw data(null, { status: 404 });
  const { canonical, now } = await pageRequest(request, context);
  return { canonical, now, appOpen: { stype: "invite" } };
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) =>
  pageShareMeta({
    title: "邀请好友",
    description: "邀请好友下载APP，好友接受邀请，双方都有新人礼包。",
    image: "",
    canonical: page?.canonical ?? "",
    site: siteOf(matches),
  });

/** /invite/index: the invitation without a code: what it is and how to take part. */
export default function InviteLanding() {
  const { now } = useLoaderData<typeof loader>();
  return <InvitePage invite={null} now={now} />;
}
