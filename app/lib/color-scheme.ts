/** The app's dark flag applies in the browser before first paint, so pages stay the same for everyone (docs/page-cache.md). */

export type ColorScheme = "dark" | "light";

export function schemeOfQuery(search: string): ColorScheme | undefined {
  const flag = new URLSearchParams(search).get("dark");
  return flag === "1" ? "dark" : flag === "0" ? "light" : undefined;
}

/** Matches the banner under the bar (app.css: --surface). */
export const DARK_THEME_COLOR = "#1c1e22";

/** A dark flag in the address wins over the phone's setting, also without JavaScript. */
export function themeColorMedia(scheme: ColorScheme, flagged: ColorScheme | undefined): string {
  if (!flagged) return `(prefers-color-scheme: ${scheme})`;
  return flagged === scheme ? "all" : "not all";
}

/** Runs before the stylesheet paints; without session storage the page follows the phone. */
export const VISIT_SCHEME_SCRIPT = `(function(){try{var s=sessionStorage,f=new URLSearchParams(location.search).get("dark");if(f=="1"||f=="0")s.setItem("dark",f);f=s.getItem("dark");if(f!="1"&&f!="0")return;f=f=="1"?"dark":"light";document.documentElement.setAttribute("data-scheme",f);document.querySelectorAll('meta[name="theme-color"]').forEach(function(m,i){m.setAttribute("media",(i?"dark":"light")==f?"all":"not all")})}catch(e){}})()`;
