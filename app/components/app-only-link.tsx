import type { CSSProperties, MouseEvent, ReactNode } from "react";
import { showToast } from "~/client/events";
import { APP_ONLY_MESSAGE } from "~/lib/navigation-modules";

function showUnsupported(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  showToast({ text: APP_ONLY_MESSAGE });
}

/**
 * An entry of a module that exists only in the app (spec section 2): it says so instead of navigating. With
 * JavaScript a toast; without, it links to `#{messageId}`, an element that CSS shows while it is the target.
 */
export function AppOnlyLink(props: { messageId: string; className?: string; style?: CSSProperties; children: ReactNode }) {
  const { messageId, className, style, children } = props;
  return (
    <a className={className} style={style} href={`#${messageId}`} onClick={showUnsupported}>
      {children}
    </a>
  );
}
