/** Spec section 9. */
export const DEFAULT_THEME_COLOR = "#FF4A26";

function channels(hex: string): [number, number, number] {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex.slice(0, 7);
  return [1, 3, 5].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(channels(hex)) + 0.05);
}

export function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(channels(a)), luminance(channels(b))].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

const hexOf = (rgb: [number, number, number]) => `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;

/** app.css: --bg-2; the theme's own tints over the page come out lighter. */
export const DARK_TEXT_BACKGROUND = "#25272c";

/** WCAG AA (4.5:1); bright brand colours such as the default need it. */
export function readableOnWhite(hex: string): string {
  let rgb = channels(hex);
  while (luminance(rgb) > 1.05 / 4.5 - 0.05) {
    rgb = rgb.map((c) => Math.floor(c * 0.96)) as [number, number, number];
  }
  return hexOf(rgb);
}

/** Buttons keep readableOnWhite's shade under white text. */
export function readableOnDark(hex: string): string {
  let rgb = channels(hex);
  while (contrast(hexOf(rgb), DARK_TEXT_BACKGROUND) < 4.5) {
    rgb = rgb.map((c) => Math.ceil(c + (255 - c) * 0.04)) as [number, number, number];
  }
  return hexOf(rgb);
}

/** Worked out by the server, so pages' JavaScript only passes them on. */
export function themeVariables(site: { themeColor: string; themeTextColor: string; themeDarkTextColor: string }): Record<string, string> {
  return { "--theme": site.themeColor, "--theme-fill": site.themeTextColor, "--theme-dark-text": site.themeDarkTextColor };
}
