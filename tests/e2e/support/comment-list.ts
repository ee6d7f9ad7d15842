import type { Page } from "@playwright/test";

/** The level-1 comments of a page's list (replies are nested `li.comment` inside `ul.replies`). */
export const topLevelComments = (page: Page) => page.locator("#comments ul.comment-list > li.comment");
