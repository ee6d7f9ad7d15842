import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";

/** Without `onClick`, the router loads the longer page in place. */
export function LoadMoreLink(props: { href: string; text: string; loading?: boolean; onClick?: (event: MouseEvent) => void }) {
  return (
    <Link className="load-more" to={props.href} preventScrollReset replace onClick={props.onClick} aria-busy={props.loading ?? false}>
      {props.loading ? "加载中…" : props.text}
    </Link>
  );
}
