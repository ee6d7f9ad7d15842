// Measures the rich-HTML sanitizer candidates of docs/decisions/0001-sanitizer.md: time per body, heap held, and
// what of the hostile corpus survives. The candidates that are not the project's dependencies are loaded from a
// folder given as the first argument, installed there beforehand (jsdom 26 is the one the project's replaced):
//   npm install --prefix /tmp/sanitizer-candidates jsdom26@npm:jsdom@26 linkedom happy-dom sanitize-html
//   npx tsx scripts/bench-sanitizer.ts /tmp/sanitizer-candidates
// Each candidate runs in a process of its own (the heap figure is then its own): `--one NAME` is that child.
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import { keptStyle } from "../app/bff/editor-styles";
import { createPurifier, sanitizeHtml } from "../app/bff/sanitize.worker";
import { TRUSTED_EMBED_HOSTS } from "../app/lib/embed-hosts";
import { ARTICLES } from "../platform/seed-articles";
import { EDITOR_ARTICLES, EDITOR_FIXTURES } from "../platform/seed-editor-articles";
import { SEED_FIXTURES } from "../platform/seed";

const CANDIDATES = ["dompurify+jsdom", "dompurify+jsdom26", "dompurify+linkedom", "dompurify+happy-dom", "sanitize-html"] as const;
type Candidate = (typeof CANDIDATES)[number];

const media = (html: string) => html.replaceAll("{{media}}", "https://cdn.example.cn/media");
const editor = (id: number) => media(EDITOR_ARTICLES.find((a) => a.id === id)?.body ?? "");

/** Hostile markup: the seed's hostile article and the classic vectors, mutation XSS included. */
const HOSTILE = [
  ARTICLES.find((a) => a.id === SEED_FIXTURES.hostile)?.body ?? "",
  "<img src=x onerror=alert(1)>",
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  "<svg><script>alert(1)</script></svg>",
  '<svg><animate onbegin="alert(1)" attributeName="x"></animate></svg>',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<iframe src="https://evil.example.com/"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:99999;background:url(https://evil.example/x.png)">x</p>',
  '<p style="color: expression(alert(1))">x</p>',
  '<div style="-moz-binding: url(https://evil.example/x.xml#x)">x</div>',
  "<template><img src=x onerror=alert(1)></template>",
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "<xmp><img src=x onerror=alert(1)></xmp>",
  "<select><template><style><img src=x onerror=alert(1)></style></template></select>",
];

/** What of a sanitized body could still act, read as a browser would parse it (the project's jsdom's HTML parser). */
function dangers(html: string): string[] {
  const { document } = new JSDOM(`<body>${html}</body>`).window;
  const found: string[] = [];
  for (const element of document.body.querySelectorAll("*")) {
    const tag = element.tagName.toLowerCase();
    if (["script", "style", "svg", "math", "template", "object", "embed", "form", "base", "meta", "link"].includes(tag)) found.push(`<${tag}>`);
    if (tag === "iframe") {
      const src = element.getAttribute("src") ?? "";
      if (element.hasAttribute("srcdoc") || !TRUSTED_EMBED_HOSTS.some((host) => src.startsWith(`https://${host}/`))) found.push("untrusted iframe");
    }
    for (const attribute of element.attributes) {
      const value = attribute.value.replace(/[\u0000-\u0020]/g, "").toLowerCase();
      if (attribute.name.startsWith("on")) found.push(`${tag}[${attribute.name}]`);
      if (/^(?:javascript|vbscript|data):/.test(value)) found.push(`${tag}[${attribute.name}=${value.slice(0, 20)}]`);
      if (attribute.name === "style" && /url\(|expression|binding|fixed|absolute|z-index/.test(value))
        found.push(`${tag}[style=${value.slice(0, 30)}]`);
    }
  }
  return found;
}

/** The sanitize function of a candidate, with the site's policy as closely as the library allows. */
function sanitizerOf(candidate: Candidate, require: NodeRequire): (html: string) => string {
  const purifierOn = (window: unknown) => {
    const purify = createPurifier(window as WindowLike);
    return (html: string) => sanitizeHtml(html, purify);
  };
  switch (candidate) {
    case "dompurify+jsdom":
      return purifierOn(new JSDOM("").window);
    case "dompurify+jsdom26":
      return purifierOn(new (require("jsdom26").JSDOM)("").window);
    case "dompurify+linkedom":
      return purifierOn(require("linkedom").parseHTML("<!doctype html><html><body></body></html>").window);
    case "dompurify+happy-dom":
      return purifierOn(new (require("happy-dom").Window)());
    case "sanitize-html": {
      const sanitize = require("sanitize-html");
      let images = 0;
      const options = {
        allowedTags: [...sanitize.defaults.allowedTags, "section", "img", "iframe", "video", "audio", "source", "hr", "sup", "sub", "span", "font"],
        allowedAttributes: {
          "*": ["style", "title", "align"],
          a: ["href", "name"],
          img: ["src", "alt", "width", "height"],
          iframe: ["src", "width", "height", "allowfullscreen", "frameborder"],
          video: ["src", "poster", "width", "height"],
          audio: ["src"],
          source: ["src", "type"],
          td: ["colspan", "rowspan"],
          th: ["colspan", "rowspan"],
        },
        allowedSchemes: ["http", "https", "mailto", "tel"],
        allowedIframeHostnames: TRUSTED_EMBED_HOSTS,
        allowProtocolRelative: false,
        // Styles go through the same allow-list as the DOMPurify policy; sanitize-html's own parse is switched off.
        parseStyleAttributes: false,
        transformTags: {
          "*": (tagName: string, attribs: Record<string, string>) => {
            const style = attribs.style ? keptStyle(attribs.style) : "";
            const { style: _dropped, ...rest } = attribs;
            return { tagName, attribs: style ? { ...rest, style } : rest };
          },
          img: (tagName: string, attribs: Record<string, string>) => {
            const style = attribs.style ? keptStyle(attribs.style) : "";
            const { style: _dropped, ...rest } = attribs;
            const src = rest.src || rest["data-src"] || "";
            const lazy = images++ === 0 ? { fetchpriority: "high" } : { loading: "lazy", decoding: "async" };
            return { tagName, attribs: { ...rest, src, referrerpolicy: "no-referrer", ...lazy, ...(style ? { style } : {}) } };
          },
        },
      };
      options.allowedAttributes.img.push("referrerpolicy", "loading", "decoding", "fetchpriority");
      return (html: string) => {
        images = 0;
        return sanitize(html, options);
      };
    }
  }
}

/** A turn of the event loop between bodies, as between a worker's tasks: jsdom lets go of a parsed document only then. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function runOne(candidate: Candidate, folder: string): Promise<void> {
  const require = createRequire(path.join(folder, "package.json"));
  const sanitize = sanitizerOf(candidate, require);
  const bodies = { "135 template (9 KB)": editor(EDITOR_FIXTURES.template135), "120-picture essay": editor(EDITOR_FIXTURES.longPhotoEssay) };
  const timings: Record<string, number> = {};
  for (const [name, html] of Object.entries(bodies)) {
    for (let i = 0; i < 20; i++) {
      sanitize(html);
      await nextTurn();
    }
    const rounds = 100;
    let spent = 0n;
    for (let i = 0; i < rounds; i++) {
      const start = process.hrtime.bigint();
      sanitize(html);
      spent += process.hrtime.bigint() - start;
      await nextTurn();
    }
    timings[name] = Number(spent) / 1e6 / rounds;
  }
  await nextTurn();
  global.gc?.();
  const heapMb = process.memoryUsage().heapUsed / 2 ** 20;
  const survivors = HOSTILE.flatMap((html) => dangers(sanitize(html)));
  const kept = sanitize(editor(EDITOR_FIXTURES.template135));
  console.log(
    JSON.stringify({
      candidate,
      timings,
      heapMb,
      rssMb: process.memoryUsage().rss / 2 ** 20,
      survivors,
      keptStyles: (kept.match(/style="/g) ?? []).length,
    }),
  );
}

const [first, second, third] = process.argv.slice(2);
if (first === "--one") {
  await runOne(second as Candidate, third);
} else {
  const folder = path.resolve(first ?? "/tmp/sanitizer-candidates");
  const self = fileURLToPath(import.meta.url);
  console.log(
    `| candidate | ms per 135 template body | ms per 120-picture body | heap after (MB) | RSS (MB) | hostile survivors | styled elements kept |`,
  );
  console.log(`|---|---|---|---|---|---|---|`);
  for (const candidate of CANDIDATES) {
    try {
      const out = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", self, "--one", candidate, folder], {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
      });
      const r = JSON.parse(out.trim().split("\n").pop() ?? "{}");
      const [t1, t2] = Object.values(r.timings as Record<string, number>);
      console.log(
        `| ${candidate} | ${t1.toFixed(2)} | ${t2.toFixed(2)} | ${r.heapMb.toFixed(0)} | ${r.rssMb.toFixed(0)} | ${r.survivors.length ? r.survivors.join(", ") : "none"} | ${r.keptStyles} |`,
      );
    } catch (error) {
      console.log(
        `| ${candidate} | failed: ${
          String((error as { stderr?: string }).stderr ?? error)
            .split("\n")
            .find((l) => /Error/.test(l)) ?? "error"
        } | | | | | |`,
      );
    }
  }
}
