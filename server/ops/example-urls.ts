import { fetchAnonymousToken } from "../../app/bff/auth.server";
import { listContent } from "../../app/bff/content.server";

/** A few share URLs of real content, printed at start-up so a new user has something to open. */
export async function exampleShareUrls(siteUrl: string, count = 3): Promise<string[]> {
  const token = await fetchAnonymousToken({ token: null, requestId: null });
  const { list } = await listContent({ token, requestId: null }, { page: 1, size: 20 });
  return list
    .filter((card) => card.content_type === "article")
    .slice(0, count)
    .map((card) => `${siteUrl}${card.href.replace(/^\//, "")}  ${card.title}`);
}
