import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon, IconSprite, type IconName } from "~/components/icon";
import { CONTENT_TYPES } from "~/lib/content-types";

const sprite = renderToStaticMarkup(createElement(IconSprite));
const symbolIds = [...sprite.matchAll(/<symbol id="([^"]+)" viewBox="0 0 (12 12|24 24)">/g)].map((match) => match[1]);

describe("icons", () => {
  it("the server's sprite has one symbol per icon, hidden from assistive technology", () => {
    expect(sprite).toMatch(/^<svg class="icon-sprite" aria-hidden="true">/);
    expect(new Set(symbolIds).size).toBe(symbolIds.length);
    expect(symbolIds.length).toBeGreaterThan(0);
  });

  it("every icon a page draws refers to a symbol of the sprite: each tag badge's, the likes', collect and the live ones", () => {
    const badges = Object.values(CONTENT_TYPES).flatMap((entry) => (entry.badge ? [entry.badge.icon] : []));
    const names: IconName[] = [...badges, "like", "collect", "pin", "heart"];
    for (const name of names) {
      const icon = renderToStaticMarkup(createElement(Icon, { name }));
      expect(icon).toBe(`<svg class="icon" aria-hidden="true" focusable="false"><use href="#icon-${name}"></use></svg>`);
      expect(symbolIds, name).toContain(`icon-${name}`);
    }
    expect(symbolIds).toHaveLength(names.length);
  });

  it("an icon's own class sizes and places it beside the shared one", () => {
    expect(renderToStaticMarkup(createElement(Icon, { name: "pin", className: "live-place__pin" }))).toMatch(/^<svg class="icon live-place__pin" /);
  });
});
