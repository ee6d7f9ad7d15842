/** Inline SVGs that `<use>` one sprite written once per page: no CSS mask documents (docs/benchmarks.md), no drawings in the page's JavaScript. */

/** Each icon's grid and drawing, filled in the text colour unless it strokes; the tag badges' are spec section 2's types. */
const SYMBOLS = {
  video: ["0 0 12 12", `<path d="M3 1.8v8.4L10.2 6z"/>`],
  svideo: [
    "0 0 12 12",
    `<rect x="2.5" y="0.75" width="7" height="10.5" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M5 4v4l3.2-2z"/>`,
  ],
  audio: [
    "0 0 12 12",
    `<path d="M1.75 8V6.5a4.25 4.25 0 0 1 8.5 0V8" fill="none" stroke="currentColor" stroke-width="1.5"/><rect x="1" y="7" width="3" height="4" rx="1"/><rect x="8" y="7" width="3" height="4" rx="1"/>`,
  ],
  image: [
    "0 0 12 12",
    `<rect x="0.75" y="1.75" width="10.5" height="8.5" rx="1.25" fill="none" stroke="currentColor" stroke-width="1.5"/><circle cx="4" cy="4.75" r="1.1"/><path d="M1.5 9.5l3-3 2 2 1.5-1.5 2.5 2.5z"/>`,
  ],
  audio_album: [
    "0 0 12 12",
    `<circle cx="6.5" cy="6.5" r="4.5" fill="none" stroke="currentColor" stroke-width="1.5"/><circle cx="6.5" cy="6.5" r="1.2"/><path d="M1.2 9.3A5.5 5.5 0 0 1 3.6 1.5" fill="none" stroke="currentColor" stroke-width="1.2"/>`,
  ],
  video_album: [
    "0 0 12 12",
    `<path d="M2.5 0.75h8.75v7.5" fill="none" stroke="currentColor" stroke-width="1.2"/><rect x="0.75" y="3" width="8.5" height="8.25" rx="1" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M4 5.3v3.7l2.9-1.85z"/>`,
  ],
  live: [
    "0 0 12 12",
    `<circle cx="6" cy="6" r="1.6"/><path d="M3.4 3.4a3.7 3.7 0 0 0 0 5.2M8.6 3.4a3.7 3.7 0 0 1 0 5.2" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linecap="round"/><path d="M1.6 1.6a6.2 6.2 0 0 0 0 8.8M10.4 1.6a6.2 6.2 0 0 1 0 8.8" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linecap="round"/>`,
  ],
  mini_program: [
    "0 0 12 12",
    `<path d="M6 4.5v3a2.2 2.2 0 1 1-2.2-2.2M6 7.5v-3a2.2 2.2 0 1 1 2.2 2.2" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/>`,
  ],
  topic: [
    "0 0 12 12",
    `<path d="M4.6 1.2L3.4 10.8M8.6 1.2L7.4 10.8M1.5 4.2h9.2M1.1 7.8h9.2" fill="none" stroke="currentColor" stroke-width="1.4" stroke-linecap="round"/>`,
  ],
  h5: [
    "0 0 12 12",
    `<path d="M4 3L1.2 6 4 9M8 3l2.8 3L8 9M6.9 2L5.1 10" fill="none" stroke="currentColor" stroke-width="1.3" stroke-linecap="round" stroke-linejoin="round"/>`,
  ],
  special: ["0 0 12 12", `<path d="M6 .8l1.6 3.3 3.6.5-2.6 2.5.6 3.6L6 9l-3.2 1.7.6-3.6L.8 4.6l3.6-.5z"/>`],
  like: ["0 0 24 24", `<path d="M7 10v10H3V10h4zm2 10h8.6a2 2 0 0 0 2-1.6l1.3-6.5A2 2 0 0 0 19 9.5h-5l.8-4a1.6 1.6 0 0 0-3-1L9 10v10z"/>`],
  collect: ["0 0 24 24", `<path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z"/>`],
  pin: [
    "0 0 12 12",
    `<path d="M6 0a4.2 4.2 0 0 0-4.2 4.2C1.8 7.4 6 12 6 12s4.2-4.6 4.2-7.8A4.2 4.2 0 0 0 6 0zm0 5.8a1.6 1.6 0 1 1 0-3.2 1.6 1.6 0 0 1 0 3.2z"/>`,
  ],
  heart: [
    "0 0 24 24",
    `<path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.1 1.8-1.9 3.3-3.1 5.4-3.1 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z"/>`,
  ],
} as const;

export type IconName = keyof typeof SYMBOLS;

/** Decorative: the control it sits in has the name. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg className={className ? `icon ${className}` : "icon"} aria-hidden="true" focusable="false">
      <use href={`#icon-${name}`} />
    </svg>
  );
}

/** Only the server writes the symbols: hydration leaves the element's inner HTML alone, so the drawings stay out of every page's JavaScript. */
export function IconSprite() {
  const html = import.meta.env.SSR
    ? Object.entries(SYMBOLS)
        .map(([name, [viewBox, drawing]]) => `<symbol id="icon-${name}" viewBox="${viewBox}">${drawing}</symbol>`)
        .join("")
    : "";
  return <svg className="icon-sprite" aria-hidden="true" dangerouslySetInnerHTML={{ __html: html }} />;
}
