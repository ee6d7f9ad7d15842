import { sitePath } from "~/lib/base-path";

/** The app logo shipped with the site, for when the site configuration has none (spec section 1's fallback). */
export const BUNDLED_LOGO = sitePath("app-logo.svg");
