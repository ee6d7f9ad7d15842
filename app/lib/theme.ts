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

/**
 * The theme colour, darkened just enough to carry text: 4.5:1 against white (WCAG AA), both for coloured
 * text on white and for white text on it. Bright brand colours such as #FF4A26 (3.4:1) need it.
 */
export function readableOnWhite(hex: string): string {
  let rgb = channels(hex);
  while (luminance(rgb) > 1.05 / 4.5 - 0.05) {
    rgb = rgb.map((c) => Math.floor(c * 0.96)) as [number, number, number];
  }
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
