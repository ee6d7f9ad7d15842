import type { CSSProperties, MouseEvent, ReactNode } from "react";
import { showToast } from "~/client/events";
import { APP_ONLY_MESSAGE } from "~/lib/navigation-modules";

function showUnsupported(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  showToast({ text: APP_ONLY_MESSAGE });
}

/** Spec section 2. Without JavaScript it links to `#{messageId}`, an element that CSS shows while it is the target. */
export function AppOnlyLink(props: { messageId: string; className?: string; style?: CSSProperties; children: ReactNode }) {
  const { messageId, className, style, children } = props;
  return (
    <a className={className} style={style} href={`#${messageId}`} onClick={showUnsupported}>
      {children}
    </a>
  );
}
