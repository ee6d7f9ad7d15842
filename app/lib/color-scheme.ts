/**
 * Dark pages (spec section 3, the dark flag). The phone's own setting (`prefers-color-scheme`) applies through the
 * stylesheet alone; the app's flag overrides it: the app opens pages with `dark=1` in the query (`dark=0` asks for
 * light), and the site keeps the flag for the visit (the tab's session storage). Pages stay the same for everyone
 * (docs/page-cache.md): the flag is read in the browser, before the first paint, by VISIT_SCHEME_SCRIPT; the server
 * only marks a page whose own address carries it, which the page cache keys by, so that it is dark without JavaScript.
 */

/** A scheme chosen by the app rather than by the phone's setting; set as `data-scheme` on the root element. */
export type ColorScheme = "dark" | "light";

/** The scheme a query asks for with the dark flag, if it does. */
export function schemeOfQuery(search: string): ColorScheme | undefined {
  const flag = new URLSearchParams(search).get("dark");
  return flag === "1" ? "dark" : flag === "0" ? "light" : undefined;
}

/** The browser's bar in the dark scheme: the colour of the banner under it (app.css: --surface). */
export const DARK_THEME_COLOR = "#1c1e22";

/**
 * The media query of the head's theme-color meta for `scheme` (the light one first, then the dark one): the phone's
 * setting decides, unless the address carries the dark flag, which the page follows then (also without JavaScript).
 */
export function themeColorMedia(scheme: ColorScheme, flagged: ColorScheme | undefined): string {
  if (!flagged) return `(prefers-color-scheme: ${scheme})`;
  return flagged === scheme ? "all" : "not all";
}

/**
 * The head's inline script, run before the stylesheet paints anything: keeps the address's dark flag in session
 * storage, applies the visit's flag to the root element, and makes the browser's bar follow it (the theme-color
 * metas, the light one first, carry a media query per scheme: themeColorMedia). Without session storage (blocked) the page follows the phone.
 */
export const VISIT_SCHEME_SCRIPT = `(function(){try{var s=sessionStorage,f=new URLSearchParams(location.search).get("dark");if(f=="1"||f=="0")s.setItem("dark",f);f=s.getItem("dark");if(f!="1"&&f!="0")return;f=f=="1"?"dark":"light";document.documentElement.setAttribute("data-scheme",f);document.querySelectorAll('meta[name="theme-color"]').forEach(function(m,i){m.setAttribute("media",(i?"dark":"light")==f?"all":"not all")})}catch(e){}})()`;
