import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { PersonalPage } from "../../app/render/stored-personalization";
import { personalGzip, personalHtml, personalScriptHashes } from "./personal-answer";
import { inlineScriptHashes } from "../middleware/security-headers";

const filler = (label: string) => Array.from({ length: 400 }, (_, index) => `<p>${label} ${index} 中文段落</p>`).join("");
// Cut the way a stored page is: parts in the streamed data script (two in one script), slots side by side in the markup.
const statics = [
  `<!DOCTYPE html><html><head><script>var boot = 1;</script><script src="/a.js"></script></head><body>${filler("a")}<div class="personal">`,
  "",
  `</div>${filler("b")}<p>İSTANBUL</p><script>window.__remix.enqueue("[{\\"viewer\\":`,
  `},{\\"own\\":`,
  `İ}]");</script><script>var boot = 1;</script>${filler("c")}`,
];
const pageWith = (fills: string[]): PersonalPage => ({ statics, fills, setCookies: [] });
const visitors = [
  ["small parts", ["<button>已收藏</button>", "<a>我的</a>", '{\\"user\\":{\\"alias\\":\\"张三\\"}}', '{\\"isCollected\\":true}']],
  ["a large part and an empty one", [`<ul>${filler("slot")}</ul>`, "", "", '{\\"isCollected\\":false}']],
  ["a part with script markup", ["<script>alert(1)</script>", "", "{}", "{}"]],
] as const;

describe("a logged-in visitor's page from the stored page's pieces", () => {
  it.each(visitors)("gzip decodes to the page's HTML: %s", async (_, fills) => {
    const page = pageWith([...fills]);
    expect(gunzipSync(await personalGzip(page)).toString("utf8")).toBe(personalHtml(page).toString("utf8"));
  });

  it.each(visitors)("script hashes are those of the whole page's HTML: %s", (_, fills) => {
    const page = pageWith([...fills]);
    expect(personalScriptHashes(page)).toEqual(inlineScriptHashes(personalHtml(page).toString("utf8")));
  });

  it("hashes the script a part falls in with the visitor's part", () => {
    const [ofOne, ofOther] = [
      ["", "", "1", "2"],
      ["", "", "3", "2"],
    ].map((fills) => personalScriptHashes(pageWith(fills)));
    expect(ofOne).toHaveLength(2);
    expect(ofOne).not.toEqual(ofOther);
  });
});
