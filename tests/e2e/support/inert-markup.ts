import { expect, type Locator, type Page } from "@playwright/test";

/** Collects the message of every alert/confirm/prompt the page opens. Call it before navigating. */
export function recordDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on("dialog", (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

/** Asserts that nothing under `root` can run script: no <script>, no on* handler, no javascript: URL. */
export async function expectInertMarkup(root: Locator): Promise<void> {
  const live = await root.evaluate((element) =>
    [element, ...element.querySelectorAll("*")].flatMap((node) => {
      const tag = node.tagName.toLowerCase();
      const found = tag === "script" ? [`<script>`] : [];
      for (const { name, value } of node.attributes) {
        if (name.startsWith("on")) found.push(`<${tag} ${name}>`);
        else if (/^\s*javascript:/i.test(value)) found.push(`<${tag} ${name}="${value}">`);
      }
      return found;
    }),
  );
  expect(live, "script-capable markup").toEqual([]);
}
