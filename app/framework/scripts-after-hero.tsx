import { Scripts } from "@remix-run/react";
import { Children, cloneElement, Fragment, isValidElement, type ComponentProps, type ReactElement, type ReactNode } from "react";

/*
 * Part of the fence of app/framework/ (remix-internals.tsx says what it is; remix-internals.test.ts checks this file
 * too), in a module of its own: the root imports it, and a module the root imports is in every page's first-load
 * JavaScript with all its exports. The root renders it on the server only, so the browser's bundle has none of it.
 */

/** The type that keeps Remix's module script from running until the page's hero picture is in (ScriptsAfterHero). */
const MODULE_AFTER_HERO = "text/x-module-after-hero";

/** The attribute of that script listing the modules Remix would preload, separated by spaces. */
export const MODULE_PRELOADS_ATTRIBUTE = "data-modulepreload";

/**
 * The longest a page waits for its hero picture before it starts its scripts anyway; the load event starts them too.
 * A picture that hangs would otherwise keep the page from ever becoming interactive.
 */
export const HERO_WAIT_MS = 3000;

/**
 * Runs in the page, after the script kept from running: once the picture of the hero
 * preload (the CSS selector, first argument) is in, loaded or failed, and the frame that shows it has been drawn, or
 * without one once the first frame is drawn (the page's text is then its largest paint, and the scripts' bytes come
 * after it), or at the load event or after HERO_WAIT_MS at the latest, it adds Remix's module preloads
 * and a running copy of its module script (same text, so the same CSP hash; the nonce is carried over) at the end of
 * the head, where React's hydration leaves nodes it did not render. From the load event it starts them in a task of
 * its own: the end of parsing dispatches that event in its task, and one long task blocks more than two short ones.
 */
const START_AFTER_HERO = `(function(hero,wait){var d=document,boot=d.querySelector('script[type="${MODULE_AFTER_HERO}"]'),started=0,priority=boot.getAttribute("fetchpriority");function add(node){if(priority)node.setAttribute("fetchpriority",priority);d.head.appendChild(node)}function start(){if(started)return;started=1;boot.getAttribute("${MODULE_PRELOADS_ATTRIBUTE}").split(" ").forEach(function(href){if(!href)return;var link=d.createElement("link");link.rel="modulepreload";link.href=href;add(link)});var script=d.createElement("script");script.type="module";script.nonce=boot.nonce;script.textContent=boot.textContent;add(script)}addEventListener("load",function(){setTimeout(start)});setTimeout(start,wait);function drawn(){requestAnimationFrame(function(){setTimeout(start)})}if(!hero)return drawn();var picture=new Image();picture.onload=picture.onerror=drawn;picture.referrerPolicy=hero.referrerPolicy;picture.src=hero.href})`;

/** The hero-first start of a page whose hero preload the selector finds: the text of ScriptsAfterHero's last script. */
export const startAfterHeroScript = (heroSelector: string) =>
  `${START_AFTER_HERO}(document.querySelector(${JSON.stringify(heroSelector)}),${HERO_WAIT_MS})`;

/** Remix's <Scripts> output as a flat list of elements (it nests fragments). */
function flatElements(node: ReactNode): ReactElement[] {
  return Children.toArray(node).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) ? (child.type === Fragment ? flatElements(child.props.children) : [child]) : [],
  );
}

/**
 * Remix's <Scripts>, with its scripts started once the page's hero picture is in rather than by the HTML: on slow
 * networks the picture (the largest paint) gets the bandwidth first, and the page, rendered on the server, works
 * without them meanwhile. `hero` is the CSS selector of the page's `<link rel="preload" as="image">` for it.
 * Leans on what <Scripts> renders on the server: a `<link rel="modulepreload">` per module, a classic script with
 * the router's state, and one inline module script that imports the matched routes' modules and then the entry
 * (which hydrates). The preloads leave the HTML (their addresses go on the module script, as
 * MODULE_PRELOADS_ATTRIBUTE), the module script gets a type that does not run, and a last script starts both.
 * Rendered on the server only, as the last thing in <body>: the browser renders nothing in its place, and React's
 * hydration leaves the nodes the server wrote at the end of <body> where they are (as it does with the scripts Remix
 * streams the data in). Remix's <Scripts> renders nothing either once the page has hydrated.
 */
export function ScriptsAfterHero({ hero, ...props }: ComponentProps<typeof Scripts> & { hero: string }) {
  // Called, not rendered, so that its output can be rewritten: the same hooks in the same order on every render.
  const elements = flatElements(Scripts(props));
  const preloads = new Set<string>();
  const kept = elements.filter((element) => {
    const { rel, href } = element.props as { rel?: string; href?: string };
    return !(element.type === "link" && rel === "modulepreload" && href && preloads.add(href));
  });
  return (
    <>
      {kept.map((element) =>
        element.type === "script" && (element.props as { type?: string }).type === "module"
          ? cloneElement(element, { type: MODULE_AFTER_HERO, async: undefined, [MODULE_PRELOADS_ATTRIBUTE]: [...preloads].join(" ") })
          : element,
      )}
      <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: startAfterHeroScript(hero) }} />
    </>
  );
}
