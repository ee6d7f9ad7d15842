/** Spec section 9: the theme colour when app info has none. */
export const DEFAULT_THEME_COLOR = "#FF4A26";

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex.slice(0, 7);
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of an sRGB colour. */
function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast ratio of a colour against white (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(channels(hex)) + 0.05);
}

/** Contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(channels(a)), luminance(channels(b))].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const hexOf = (rgb: [number, number, number]) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/**
 * The lightest background of the dark scheme that carries text in the theme colour (app.css: --bg-2, and the
 * theme's own tints over the page, which come out as light).
 */
export const DARK_TEXT_BACKGROUND = "#25272c";

/**
 * The theme colour, darkened just enough to carry text: 4.5:1 against white (WCAG AA), both for coloured
 * text on white and for white text on it. Bright brand colours such as #FF4A26 (3.4:1) need it.
 */
export function readableOnWhite(hex: string): string {
  let rgb = channels(hex);
  while (luminance(rgb) > 1.05 / 4.5 - 0.05) {
    rgb = rgb.map((c) => Math.floor(c * 0.96)) as [number, number, number];
  }
  return hexOf(rgb);
}

/**
 * The theme colour for text in the dark scheme: lightened towards white just enough for 4.5:1 (WCAG AA) on the
 * dark scheme's backgrounds, up to DARK_TEXT_BACKGROUND. Buttons keep readableOnWhite's shade under white text.
 */
export function readableOnDark(hex: string): string {
  let rgb = channels(hex);
  while (contrast(hexOf(rgb), DARK_TEXT_BACKGROUND) < 4.5) {
    rgb = rgb.map((c) => Math.ceil(c + (255 - c) * 0.04)) as [number, number, number];
  }
  return hexOf(rgb);
}

/**
 * The theme's custom properties for the root element (app.css): the colour itself, its shade for fills under white
 * text, and its shade for text in the dark scheme. Worked out by the server, so pages' JavaScript only passes them on.
 */
export function themeVariables(site: { themeColor: string; themeTextColor: string; themeDarkTextColor: string }): Record<string, string> {
  return { "--theme": site.themeColor, "--theme-fill": site.themeTextColor, "--theme-dark-text": site.themeDarkTextColor };
}
