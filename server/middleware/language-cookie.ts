import type { RequestHandler } from "express";
import { BASE_PATH } from "../../app/lib/base-path";
import { choiceTarget, chosenLanguage, cookieRedirect, DEFAULT_LANGUAGE, LANGUAGE_CHOICE_PATH, localeCookie } from "../../app/lib/languages";
import { safeRedirectTarget } from "../../app/lib/redirect-target";
import type { OriginOf } from "./public-origin";

/** The return to the Referer goes through the redirect-target rule, so never off the site (docs/languages.md). */
export function languageCookie(options: { originOf: OriginOf; secure: boolean }): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (req.path === LANGUAGE_CHOICE_PATH) {
      const language = chosenLanguage(req.query.lang) ?? DEFAULT_LANGUAGE;
      const from = safeRedirectTarget(req.get("referer"), options.originOf(req), BASE_PATH);
      res.set({ "Cache-Control": "no-store", "Set-Cookie": localeCookie(language, options.secure) });
      return res.redirect(302, choiceTarget(from, language));
    }
    const query = req.originalUrl.indexOf("?");
    const target = cookieRedirect(req.path, query < 0 ? "" : req.originalUrl.slice(query), req.get("cookie"));
    if (!target) return next();
    // The unprefixed address answers by the cookie: shared caches must keep the two answers apart.
    res.set({ "Cache-Control": "private, no-store", Vary: "Cookie" });
    res.redirect(302, target);
  };
}
