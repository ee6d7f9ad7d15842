import type { Invite } from "~/bff/invite.server";
import { OpenAppLink } from "~/components/open-app-link";
import { LoadMoreLink } from "~/components/load-more-link";
import { useRootData } from "~/hooks/use-root-data";
import { formatDate, formatRelativeDate } from "~/lib/relative-date";

const STEPS = ["打开或下载APP", "用手机号登录", "新人礼包自动到账"];

/** Who joined by the code, newest first; more of them with a plain link (`?page=n`), with or without JavaScript. */
function InviteRecord({ invite, pages, pageSize, now }: { invite: Invite; pages: number; pageSize: number; now: string }) {
  if (invite.total === 0) return <p className="empty">还没有好友接受邀请，快来做第一个吧</p>;
  return (
    <>
      <ul className="invite-record">
        {invite.list.map((person, index) => (
          <li key={`${person.alias}-${person.joined_at}-${index}`} className="invite-record__item">
            {person.avatar ? (
              <img className="avatar" src={person.avatar} alt="" width={32} height={32} loading="lazy" />
            ) : (
              <span className="avatar" aria-hidden="true" />
            )}
            <span className="invite-record__name">{person.alias}</span>
            <time className="invite-record__time" dateTime={person.joined_at}>
              {formatRelativeDate(person.joined_at, new Date(now))}加入
            </time>
          </li>
        ))}
      </ul>
      {pages * pageSize < invite.total ? <LoadMoreLink href={`?page=${pages + 1}`} text="查看更多" /> : null}
    </>
  );
}

type Props =
  { invite: Invite; pages: number; pageSize: number; now: string } | { invite: null; pages?: undefined; pageSize?: undefined; now: string };

/** Without a code (`/invite/index`) it explains the invitation in general; an expired code says so and still offers the app. */
export function InvitePage({ invite, pages, pageSize, now }: Props) {
  const siteName = useRootData()?.site.name || "APP";
  return (
    <main className="invite">
      <section className="invite__hero" aria-labelledby="invite-title">
        {invite ? (
          <>
            {invite.inviter.avatar ? (
              <img className="invite__avatar" src={invite.inviter.avatar} alt="" width={64} height={64} />
            ) : (
              <span className="invite__avatar" aria-hidden="true" />
            )}
            <h1 id="invite-title" className="invite__title">
              <strong>{invite.inviter.alias}</strong> 邀请你加入{siteName}
            </h1>
          </>
        ) : (
          <h1 id="invite-title" className="invite__title">
            邀请好友，一起看{siteName}
          </h1>
        )}
        <div className="invite__reward">
          <p className="invite__reward-title">{invite ? invite.reward.title : "好友接受邀请，双方都有新人礼包"}</p>
          {invite?.reward.description ? <p className="invite__reward-desc">{invite.reward.description}</p> : null}
        </div>
        {invite?.expired ? (
          <div className="invite__expired" role="status">
            <p className="invite__expired-title">邀请已过期</p>
            <p>这个邀请码已于 {formatDate(invite.expires_at)} 失效，你仍然可以下载APP，看更多精彩内容。</p>
          </div>
        ) : null}
        {invite && !invite.expired ? (
          <p className="invite__code">
            邀请码 <strong>{invite.code}</strong>
            <span className="invite__code-hint">打开APP后自动填写，有效期至 {formatDate(invite.expires_at, "YYYY-MM-DD")}</span>
          </p>
        ) : null}
        <OpenAppLink className="button invite__cta">{invite && !invite.expired ? "接受邀请，打开APP" : "打开APP"}</OpenAppLink>
      </section>
      <section className="invite__section" aria-labelledby="invite-steps">
        <h2 id="invite-steps" className="section__title">
          如何领取
        </h2>
        <ol className="invite__steps">
          {STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>
      {invite ? (
        <section className="invite__section" aria-labelledby="invite-record">
          <h2 id="invite-record" className="section__title">
            已有 {invite.total} 位好友接受邀请
          </h2>
          <InviteRecord invite={invite} pages={pages} pageSize={pageSize} now={now} />
        </section>
      ) : null}
    </main>
  );
}
