import { Link } from "@remix-run/react";
import type { MouseEvent } from "react";

/** A real link (it works without JavaScript); with JavaScript the click fetches and appends instead. */
export function LoadMoreLink(props: { href: string; text: string; loading: boolean; onClick: (event: MouseEvent) => void }) {
  return (
    <Link className="load-more" to={props.href} preventScrollReset replace onClick={props.onClick} aria-busy={props.loading}>
      {props.loading ? "加载中…" : props.text}
    </Link>
  );
}
