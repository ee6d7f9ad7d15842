/** An avatar and a name: the author of a post, a reply or an answer. */
export function Person({ avatar, alias, size = 32 }: { avatar: string; alias: string; size?: number }) {
  return (
    <span className="person">
      {avatar ? (
        <img className="avatar" src={avatar} alt="" width={size} height={size} loading="lazy" decoding="async" />
      ) : (
        <span className="avatar" aria-hidden="true" />
      )}
      <span className="person__alias">{alias || "匿名用户"}</span>
    </span>
  );
}
