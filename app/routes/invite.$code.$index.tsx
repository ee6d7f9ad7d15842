import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rethrowAsResponse } from "~/bff/client.server";
import { INVITE_RECORD_PAGE_SIZE, getInvite, isInviteCode } from "~/bff/invite.server";
import { InvitePage } from "~/components/pages/invite-page";
import { pageRequest } from "~/route-support/page-request.server";
import { isIndexSegment } from "~/lib/index-segment";
import { pageShareMeta, siteOf } from "~/lib/page-share-meta";
import { collectPages } from "~/lib/pages";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";
export { links } from "~/components/pages/stylesheet";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const code = params.code ?? "";
  if (!isIndexSegment(params.index) || !isInviteCode(code)) throw data(null, { status: 404 });
  const { caller, canonical, pages, now } = await pageRequest(request, context);
  try {
    const [first, record] = await Promise.all([getInvite(caller, code, 1), collectPages(pages, (page) => getInvite(caller, code, page))]);
    const invite = { ...first, list: record.list };
    // An expired invitation is still shown, so the visitor learns why it does nothing; the status says it is gone.
    return data(
      { invite, pages, pageSize: INVITE_RECORD_PAGE_SIZE, canonical, now, appOpen: { stype: "invite", invite_code: first.code } },
      { status: first.expired ? 410 : 200 },
    );
  } catch (error) {
    rethrowAsResponse(error);
  }
}

export const meta: MetaFunction<typeof loader> = ({ data: page, matches }) => {
  const site = siteOf(matches);
  if (!page) return [{ title: "邀请不存在" }];
  return [
    ...pageShareMeta({
      title: `${page.invite.inviter.alias}邀请你加入${site.name || "APP"}`,
      description: page.invite.reward.title,
      image: page.invite.inviter.avatar,
      canonical: page.canonical,
      site,
    }),
    // A personal invitation is shared by hand, not found through search.
    { name: "robots", content: "noindex" },
  ];
};

/** /invite/{code}/index: an invitation by code. */
export default function InviteByCode() {
  const { invite, pages, pageSize, now } = useLoaderData<typeof loader>();
  return <InvitePage invite={invite} pages={pages} pageSize={pageSize} now={now} />;
}
