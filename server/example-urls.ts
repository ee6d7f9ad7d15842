import { fetchAnonymousToken } from "../app/bff/auth.server";
import { listContent } from "../app/bff/content.server";
import { PREVIEW_PARAM } from "../app/lib/preview";
import { contentPath, type ContentPathInput } from "../app/lib/content-path";

/** A few share URLs of real content, printed at start-up so a new user has something to open. */
export async function exampleShareUrls(siteUrl: string, count = 3): Promise<string[]> {
  const token = await fetchAnonymousToken({ token: null, requestId: null });
  const { list } = await listContent({ token, requestId: null }, { page: 1, size: 20 });
  return list
    .filter((card) => card.content_type === "article")
    .slice(0, count)
    .map((card) => `${siteUrl}${card.href.replace(/^\//, "")}  ${card.title}`);
}

/** The share-site preview link of each draft, e.g. `…/preview-editor/doc/2026/05/<post_id>/index.html?preview=<token>`. */
export function draftPreviewUrls(siteUrl: string, drafts: { content: ContentPathInput & { title: string }; preview_token: string }[]): string[] {
  return drafts.map(({ content, preview_token }) => {
    const query = new URLSearchParams({ [PREVIEW_PARAM]: preview_token });
    return `${siteUrl}${contentPath(content, "preview-editor").replace(/^\//, "")}?${query}  ${content.title}`;
  });
}

/** The share-site page of each broadcast that is live now: a new user opens one and watches its chat move. */
export function liveBroadcastUrls(siteUrl: string, contents: (ContentPathInput & { title: string })[]): string[] {
  return contents.map((content) => `${siteUrl}${contentPath(content).replace(/^\//, "")}  ${content.title}`);
}
