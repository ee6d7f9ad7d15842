import { contentTypeEntry } from "~/lib/content-types";

type Props = { type: string; icon?: boolean; background?: string; padding?: string; color?: string };

/**
 * Spec section 2: a badge only for the catalog types that have one in the registry, with an icon per type.
 * The icons are CSS masks (app.css, `.tag-badge__icon--*`) in the text colour, so the colour option recolours
 * them and they cost the page's JavaScript nothing.
 */
export function TagBadge({ type, icon = true, background, padding, color }: Props) {
  const badge = contentTypeEntry(type)?.badge;
  if (!badge) return null;
  return (
    <span className={`tag-badge tag-badge--${type}`} style={{ background, padding, color }}>
      {icon ? <span className={`icon tag-badge__icon tag-badge__icon--${badge.icon}`} aria-hidden="true" /> : null}
      {badge.label}
    </span>
  );
}
