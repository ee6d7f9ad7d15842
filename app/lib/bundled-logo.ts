import { sitePath } from "~/lib/base-path";

export const BUNDLED_LOGO = sitePath("app-logo.svg");
