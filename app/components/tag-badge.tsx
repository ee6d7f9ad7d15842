// Spec section 2: the tag badge shows only for these catalog types.
const LABELS: Record<string, string> = {
  svideo: "短视频",
  video: "视频",
  h5: "H5",
  local_live: "直播",
  audio: "音频",
  image: "图集",
  audio_album: "音频专辑",
  video_album: "视频专辑",
  topic: "话题",
  mini_program: "小程序",
  sp_topic: "专题",
};

type Props = { type: string; icon?: boolean; background?: string; padding?: string; color?: string };

export function TagBadge({ type, icon = true, background, padding, color }: Props) {
  const label = LABELS[type];
  if (!label) return null;
  return (
    <span className={`tag-badge tag-badge--${type}`} style={{ background, padding, color }}>
      {icon ? <span className="tag-badge__icon" aria-hidden="true" /> : null}
      {label}
    </span>
  );
}
