/** The logged-in visitor's small avatar (banner, mini-program footer); a plain disc when they have no picture. */
export function UserAvatar({ src }: { src: string }) {
  return src ? (
    <img className="avatar avatar--small" src={src} alt="" width={28} height={28} />
  ) : (
    <span className="avatar avatar--small" aria-hidden="true" />
  );
}
