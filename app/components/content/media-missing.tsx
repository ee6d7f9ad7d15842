import { useItemFlags } from "~/hooks/use-app-open";

/** In place of a player when the platform sent no playable file: the cover and a plain sentence, never a blank box. */
export function MediaMissing({ cover, what }: { cover: string; what: "视频" | "音频" }) {
  const { appOffered } = useItemFlags();
  return (
    <div className="media-missing">
      {cover ? <img className="media-missing__cover" src={cover} alt="" width={640} height={360} decoding="async" /> : null}
      <p className="media-missing__text" role="status">
        该{what}
        {appOffered ? "暂时无法播放，请打开APP查看" : "暂时无法播放"}
      </p>
    </div>
  );
}
