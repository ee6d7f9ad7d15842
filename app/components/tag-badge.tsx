import { Icon } from "~/components/icon";
import { contentTypeEntry } from "~/lib/content-types";

type Props = { type: string; icon?: boolean; background?: string; padding?: string; color?: string };

/** The icons are in the text colour, so the colour option recolours them. */
export function TagBadge({ type, icon = true, background, padding, color }: Props) {
  const badge = contentTypeEntry(type)?.badge;
  if (!badge) return null;
  return (
    <span className={`tag-badge tag-badge--${type}`} style={{ background, padding, color }}>
      {icon ? <Icon name={badge.icon} className={`tag-badge__icon tag-badge__icon--${badge.icon}`} /> : null}
      {badge.label}
    </span>
  );
}
