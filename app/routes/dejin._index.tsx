import { redirect } from "@remix-run/node";
import { dejinPaths } from "~/lib/dejin-paths";

/** /dejin on its own: the area opens on its newest clues. */
export function loader() {
  return redirect(dejinPaths.content());
}
