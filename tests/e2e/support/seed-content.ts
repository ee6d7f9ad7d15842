import { ARTICLES, type SeedArticle } from "../../../platform/seed-articles";

/** The seed record of an article (title, summary, source, views…), by database id (SEED_FIXTURES). */
export function seedArticle(dbId: number): SeedArticle {
  const article = ARTICLES.find((candidate) => candidate.id === dbId);
  if (!article) throw new Error(`no seed article with id ${dbId}`);
  return article;
}
