import type { ReactElement } from "react";
import { contentTypeEntry, type BadgeIcon } from "~/lib/content-types";

// Drawn on a 12×12 grid in the text colour, so a badge's colour option recolours its icon too.
const ICONS: Record<BadgeIcon, ReactElement> = {
  // A play triangle.
  video: <path d="M3 1.8v8.4L10.2 6z" />,
  // A portrait screen with a play triangle.
  svideo: (
    <>
      <rect x="2.5" y="0.75" width="7" height="10.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M5 4v4l3.2-2z" />
    </>
  ),
  // Headphones.
  audio: (
    <>
      <path d="M1.75 8V6.5a4.25 4.25 0 0 1 8.5 0V8" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <rect x="1" y="7" width="3" height="4" rx="1" />
      <rect x="8" y="7" width="3" height="4" rx="1" />
    </>
  ),
  // A picture: frame, sun and hill.
  image: (
    <>
      <rect x="0.75" y="1.75" width="10.5" height="8.5" rx="1.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="4" cy="4.75" r="1.1" />
      <path d="M1.5 9.5l3-3 2 2 1.5-1.5 2.5 2.5z" />
    </>
  ),
  // A stack of records: an album of audio.
  audio_album: (
    <>
      <circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="6.5" cy="6.5" r="1.2" />
      <path d="M1.2 9.3A5.5 5.5 0 0 1 3.6 1.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
    </>
  ),
  // Stacked frames with a play triangle: an album of videos.
  video_album: (
    <>
      <path d="M2.5 0.75h8.75v7.5" fill="none" stroke="currentColor" strokeWidth="1.2" />
      <rect x="0.75" y="3" width="8.5" height="8.25" rx="1" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M4 5.3v3.7l2.9-1.85z" />
    </>
  ),
  // A dot with broadcast waves.
  live: (
    <>
      <circle cx="6" cy="6" r="1.6" />
      <path d="M3.4 3.4a3.7 3.7 0 0 0 0 5.2M8.6 3.4a3.7 3.7 0 0 1 0 5.2" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
      <path d="M1.6 1.6a6.2 6.2 0 0 0 0 8.8M10.4 1.6a6.2 6.2 0 0 1 0 8.8" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" />
    </>
  ),
  // A stem with two loops: the mini-program mark.
  mini_program: (
    <path d="M6 4.5v3a2.2 2.2 0 1 1-2.2-2.2M6 7.5v-3a2.2 2.2 0 1 1 2.2 2.2" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />
  ),
  // A hash sign.
  topic: <path d="M4.6 1.2L3.4 10.8M8.6 1.2L7.4 10.8M1.5 4.2h9.2M1.1 7.8h9.2" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" />,
  // Angle brackets: a web page.
  h5: <path d="M4 3L1.2 6 4 9M8 3l2.8 3L8 9M6.9 2L5.1 10" fill="none" stroke="currentColor" strokeWidth="1.3" strokeLinecap="round" strokeLinejoin="round" />,
  // A star: a special topic.
  special: <path d="M6 .8l1.6 3.3 3.6.5-2.6 2.5.6 3.6L6 9l-3.2 1.7.6-3.6L.8 4.6l3.6-.5z" />,
};

type Props = { type: string; icon?: boolean; background?: string; padding?: string; color?: string };

/** Spec section 2: a badge only for the catalog types that have one in the registry, with an icon per type. */
export function TagBadge({ type, icon = true, background, padding, color }: Props) {
  const badge = contentTypeEntry(type)?.badge;
  if (!badge) return null;
  return (
    <span className={`tag-badge tag-badge--${type}`} style={{ background, padding, color }}>
      {icon ? (
        <svg className="tag-badge__icon" viewBox="0 0 12 12" width="10" height="10" fill="currentColor" aria-hidden="true" focusable="false">
          {ICONS[badge.icon]}
        </svg>
      ) : null}
      {badge.label}
    </span>
  );
}
