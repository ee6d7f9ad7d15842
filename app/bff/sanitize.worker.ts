import createDOMPurify, { type Config, type DOMPurify, type WindowLike } from "dompurify";
import { JSDOM } from "jsdom";
import { TRUSTED_EMBED_HOSTS } from "../lib/embed-hosts";
import { keptStyle } from "./editor-styles";

// Imports stay relative and few: this file is also compiled on its own for production.

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:", "tel:"]);

const URL_ATTRIBUTES = new Set(["href", "src", "poster", "xlink:href", "action", "formaction", "cite", "background", "longdesc"]);

/** Characters browsers ignore inside a URL scheme, e.g. the tab in 'jav&#x09;ascript:'. */
const IGNORED_URL_CHARACTERS = /[\u0000-\u0020\u007f-\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000\ufeff]/g;

/** No id of the site starts with it, so neither its CSS (:target dialogs) nor its scripts can target a body's element. */
export const BODY_ID_PREFIX = "user-content-";

/** They follow the body's ids (a label's `for` would click a control of the site's). */
const ID_REFERENCES = new Set([
  "for",
  "headers",
  "list",
  "aria-activedescendant",
  "aria-controls",
  "aria-describedby",
  "aria-details",
  "aria-errormessage",
  "aria-flowto",
  "aria-labelledby",
  "aria-owns",
]);

const POLICY: Config = {
  USE_PROFILES: { html: true },
  ADD_TAGS: ["iframe"],
  ADD_ATTR: ["allowfullscreen", "frameborder"],
  // A <dialog> is placed absolutely by the browser's own style, and a <main> is what the site's page transition names.
  FORBID_TAGS: [
    "script",
    "style",
    "link",
    "meta",
    "base",
    "object",
    "embed",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "option",
    "template",
    "dialog",
    "main",
  ],
  // srcset would need per-candidate URL checks. Classes are the site's keys; popovers draw above the page; a
  // tabindex reorders controls; a role or aria-modal would pass a box off as the site's dialog.
  FORBID_ATTR: [
    "srcset",
    "srcdoc",
    "autoplay",
    "target",
    "referrerpolicy",
    "class",
    "popover",
    "popovertarget",
    "popovertargetaction",
    "command",
    "commandfor",
    "tabindex",
    "role",
    "aria-modal",
  ],
  SANITIZE_NAMED_PROPS: true,
  ALLOW_DATA_ATTR: false,
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|tel):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

let purifier: DOMPurify | undefined;

/** app.css makes it scroll sideways. */
const TABLE_BOX = "rich-text__table";

export function sanitizeHtml(html: string, purify: DOMPurify = getPurifier()): string {
  imagesSeen = 0;
  return purify.sanitize(html, POLICY);
}

/** Sanitizing is synchronous, so one counter serves. */
let imagesSeen = 0;

/** Creating a window costs milliseconds and megabytes. */
function getPurifier(): DOMPurify {
  purifier ??= createPurifier(new JSDOM("").window as unknown as WindowLike);
  return purifier;
}

export function createPurifier(window: WindowLike): DOMPurify {
  const instance = createDOMPurify(window);

  instance.addHook("uponSanitizeElement", (node, data) => {
    if (data.tagName === "iframe" && !isTrustedEmbed((node as Element).getAttribute("src"))) {
      node.parentNode?.removeChild(node);
    }
  });

  instance.addHook("beforeSanitizeAttributes", (node) => {
    const element = node as Element;
    if (element.nodeName !== "IMG") return;
    // WeChat-style articles lazy-load with data-src and no src; promote it so the image still shows.
    if (!element.getAttribute("src") && element.getAttribute("data-src")) {
      element.setAttribute("src", element.getAttribute("data-src") ?? "");
    }
    // As width and height they reserve the picture's box, so nothing below jumps when it arrives.
    const size = pictureSize(element.getAttribute("data-ratio"), element.getAttribute("data-w"));
    if (size && !element.hasAttribute("width") && !element.hasAttribute("height")) {
      element.setAttribute("width", String(size.width));
      element.setAttribute("height", String(size.height));
    }
  });

  instance.addHook("uponSanitizeAttribute", (_node, data) => {
    // DOMPurify lets data: through on media elements; this site refuses it everywhere.
    if (URL_ATTRIBUTES.has(data.attrName) && !isSafeUrl(data.attrValue)) data.keepAttr = false;
    if (data.attrName === "href" || data.attrName === "usemap")
      data.attrValue = data.attrValue.replace(/^#(.+)$/s, (_, id: string) => `#${bodyId(id)}`);
    if (ID_REFERENCES.has(data.attrName)) data.attrValue = data.attrValue.split(/\s+/).filter(Boolean).map(bodyId).join(" ");
    if (data.attrName === "style") {
      data.attrValue = keptStyle(data.attrValue);
      if (!data.attrValue) data.keepAttr = false;
    }
  });

  instance.addHook("afterSanitizeAttributes", (node) => {
    const element = node as Element;
    switch (element.nodeName) {
      case "IMG":
        // Picture hosts of editor HTML (mmbiz.qpic.cn and CMS CDNs) answer a foreign Referer with a "no hotlinking"
        // placeholder; without one they send the picture. The rest of the site keeps its Referrer-Policy.
        element.setAttribute("referrerpolicy", "no-referrer");
        // The first picture is often the largest thing on screen: fetch it at once; the rest when scrolled to.
        if (imagesSeen++ === 0) {
          element.setAttribute("fetchpriority", "high");
        } else {
          element.setAttribute("loading", "lazy");
          element.setAttribute("decoding", "async");
        }
        break;
      case "A":
        if (isExternalHref(element.getAttribute("href"))) {
          element.setAttribute("target", "_blank");
          element.setAttribute("rel", "noopener noreferrer");
        }
        break;
      case "TABLE": {
        // A box of its own scrolls sideways on a phone while the table keeps its layout; the walk meets it again inside.
        if (element.parentElement?.className === TABLE_BOX) break;
        const box = element.ownerDocument.createElement("div");
        box.className = TABLE_BOX;
        element.parentNode?.insertBefore(box, element);
        box.appendChild(element);
        break;
      }
      case "IFRAME":
        element.setAttribute("loading", "lazy");
        element.setAttribute("sandbox", "allow-scripts allow-same-origin allow-presentation");
        break;
      case "VIDEO":
      case "AUDIO":
        // Scripts are gone, so native controls are the only way to play; inline playback per the player defaults.
        element.setAttribute("controls", "");
        if (element.nodeName === "VIDEO") element.setAttribute("playsinline", "");
        break;
    }
  });

  return instance;
}

function bodyId(id: string): string {
  return id.startsWith(BODY_ID_PREFIX) ? id : BODY_ID_PREFIX + id;
}

/** The box is only a ratio, so a wider one only costs precision. */
const MAX_PICTURE_WIDTH = 4096;

function pictureSize(ratio: string | null, width: string | null): { width: number; height: number } | null {
  const r = Number(ratio);
  if (!ratio || !Number.isFinite(r) || r <= 0 || r > 20) return null;
  const given = Number(width);
  const w = width && Number.isInteger(given) && given > 0 ? Math.min(given, MAX_PICTURE_WIDTH) : 1000;
  return { width: w, height: Math.max(1, Math.round(w * r)) };
}

function isSafeUrl(value: string): boolean {
  const compact = value.replace(IGNORED_URL_CHARACTERS, "");
  const scheme = /^([a-z][a-z\d+.-]*:)/i.exec(compact);
  return !scheme || SAFE_SCHEMES.has(scheme[1].toLowerCase());
}

function isExternalHref(href: string | null): boolean {
  return href !== null && /^(?:https?:)?\/\//i.test(href.trim());
}

function isTrustedEmbed(src: string | null): boolean {
  if (!src) return false;
  try {
    const url = new URL(src.trim());
    return url.protocol === "https:" && TRUSTED_EMBED_HOSTS.includes(url.hostname) && url.port === "" && !url.username && !url.password;
  } catch {
    return false;
  }
}
