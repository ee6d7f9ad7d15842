import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useRootData } from "~/hooks/use-root-data";
import type { loader as rootLoader } from "~/root";
import { errorMeta } from "~/components/error-page";

export { RouteErrorBoundary as ErrorBoundary } from "~/components/error-page";

/** Shown inside the frame popup of the login form: no banner. */
export const handle = { bare: true };

const DOCUMENTS = {
  user: {
    title: "用户协议",
    sections: [
      [
        "一、协议的范围",
        "本协议是您与本平台之间关于使用本平台网页及客户端服务所订立的协议。您在登录前应仔细阅读本协议，登录即视为同意本协议全部内容。",
      ],
      [
        "二、账号注册与使用",
        "您可以使用手机号码及短信验证码登录，未注册的手机号将在验证后自动注册。请妥善保管您的账号信息，因您保管不善造成的损失由您自行承担。",
      ],
      ["三、用户行为规范", "您发表的评论等内容应遵守法律法规和公序良俗，不得发布违法、侵权、骚扰、广告等信息。本平台有权对违规内容进行删除处理。"],
      ["四、服务的变更与中止", "本平台可根据业务需要调整服务内容，并将以适当方式通知您。"],
    ],
  },
  privacy: {
    title: "隐私政策",
    sections: [
      ["一、我们收集的信息", "为完成登录，我们会收集您的手机号码；为保障服务安全，我们会记录设备标识与访问日志。"],
      ["二、信息的使用", "我们仅将上述信息用于账号登录、评论、收藏和关注等功能，以及服务安全与统计分析。"],
      ["三、信息的保护", "我们采用加密传输与访问控制等措施保护您的信息，未经您的同意不会向第三方提供。"],
      ["四、您的权利", "您可以随时退出登录，或通过客户端申请注销账号、删除个人信息。"],
    ],
  },
} as const;

export function loader({ params }: LoaderFunctionArgs) {
  const kind = params.kind;
  if (kind !== "user" && kind !== "privacy") throw data(null, { status: 404 });
  return { kind: kind as keyof typeof DOCUMENTS };
}

export const meta: MetaFunction<typeof loader, { root: typeof rootLoader }> = ({ data: page, error, matches }) =>
  page ? [{ title: DOCUMENTS[page.kind].title }] : errorMeta(error, matches.find((m) => m.id === "root")?.data?.site.name);

export default function AgreementPage() {
  const { kind } = useLoaderData<typeof loader>();
  const siteName = useRootData()?.site.name ?? "";
  const document = DOCUMENTS[kind];
  return (
    <main className="agreement">
      <h1>
        {siteName}
        {document.title}
      </h1>
      {document.sections.map(([heading, text]) => (
        <section key={heading}>
          <h2>{heading}</h2>
          <p>{text}</p>
        </section>
      ))}
    </main>
  );
}
