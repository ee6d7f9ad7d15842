import type { LinksFunction } from "@remix-run/node";
import pagesCss from "~/styles/pages.css?url";

/** The stylesheet of the invite, activity, fly-card and app-bar pages: only they link it. */
export const links: LinksFunction = () => [{ rel: "stylesheet", href: pagesCss }];
