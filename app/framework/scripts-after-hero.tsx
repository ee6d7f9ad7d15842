import { Scripts } from "@remix-run/react";
import { Children, cloneElement, Fragment, isValidElement, type ComponentProps, type ReactElement, type ReactNode } from "react";

/*
 * Part of app/framework/'s fence, in a module of its own: a module the root imports is in every page's first-load
 * JavaScript with all its exports, and this one renders on the server only.
 */

const MODULE_AFTER_HERO = "text/x-module-after-hero";

export const MODULE_PRELOADS_ATTRIBUTE = "data-modulepreload";

/** A picture that hangs would otherwise keep the page from ever becoming interactive. */
export const HERO_WAIT_MS = 3000;

/**
 * Same script text, so the same CSP hash. Added at the end of the head, where hydration leaves nodes it did not render;
 * in a task of its own, since one long task blocks more than two short ones. A loaded picture is
 * painted frames later (decoded off the main thread, then presented): the scripts wait for its largest-contentful-paint
 * entry where the browser has them, else for the page's own <img> of it to be decoded and two frames, and from the load
 * event also two frames, lest their evaluation land before the paint and delay it (docs/benchmarks.md).
 */
const START_AFTER_HERO = `(function(hero,wait){var d=document,boot=d.querySelector('script[type="${MODULE_AFTER_HERO}"]'),started=0,priority=boot.getAttribute("fetchpriority");function add(node){if(priority)node.setAttribute("fetchpriority",priority);d.head.appendChild(node)}function start(){if(started)return;started=1;boot.getAttribute("${MODULE_PRELOADS_ATTRIBUTE}").split(" ").forEach(function(href){if(!href)return;var link=d.createElement("link");link.rel="modulepreload";link.href=href;add(link)});var script=d.createElement("script");script.type="module";script.nonce=boot.nonce;script.textContent=boot.textContent;add(script)}addEventListener("load",drawn);setTimeout(start,wait);function drawn(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start)})})}if(!hero)return drawn();var picture=new Image(),types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;if(types&&types.indexOf("largest-contentful-paint")>=0)new PerformanceObserver(function(list){list.getEntries().forEach(function(entry){if(entry.url===picture.src)setTimeout(start)})}).observe({type:"largest-contentful-paint",buffered:true});else picture.onload=function(){var shown=[].filter.call(d.images,function(image){return image.currentSrc===picture.src})[0];if(shown&&shown.decode)shown.decode().then(drawn,drawn);else drawn()};picture.onerror=drawn;picture.referrerPolicy=hero.referrerPolicy;picture.src=hero.href})`;

export const startAfterHeroScript = (heroSelector: string) =>
  `${START_AFTER_HERO}(document.querySelector(${JSON.stringify(heroSelector)}),${HERO_WAIT_MS})`;

/** It nests fragments. */
function flatElements(node: ReactNode): ReactElement[] {
  return Children.toArray(node).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) ? (child.type === Fragment ? flatElements(child.props.children) : [child]) : [],
  );
}

/**
 * Remix's <Scripts>, started once the hero picture is in: on slow networks the largest paint gets the bandwidth
 * first, and the server-rendered page works meanwhile. Server only; hydration leaves the nodes at the end of <body>.
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
