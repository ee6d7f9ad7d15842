/** Spec section 9: the theme colour when app info has none. */
export const DEFAULT_THEME_COLOR = "#FF4A26";
