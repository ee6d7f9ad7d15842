import type { LinksFunction } from "@remix-run/node";
import communityCss from "~/styles/community.css?url";

/** The community and law pages' own styles, linked only by their routes. */
export const communityLinks: LinksFunction = () => [{ rel: "stylesheet", href: communityCss }];
