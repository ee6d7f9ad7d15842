import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postcss from "postcss";
import { expect, it } from "vitest";

// site-markup-names.json, which the overlay corpus article (seed-overlay-corpus.ts) is written from, is what this
// test reads from the site's source: a class or id added to the site is in the corpus once the file is rewritten
// (`npx vitest run -u platform/site-markup-names.test.ts`).

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NAME = /^-?[_a-zA-Z][\w-]*$/;

function sources(folder: string, extension: RegExp): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((file) => extension.test(file) && !/\.test(?:-support)?\.tsx?$/.test(file))
    .map((file) => readFileSync(path.join(ROOT, folder, file), "utf8"));
}

/** Every class a selector of the site's stylesheets names. */
function stylesheetClasses(): string[] {
  const classes: string[] = [];
  for (const css of sources("app/styles", /\.css$/)) {
    postcss.parse(css).walkRules((rule) => {
      for (const [, name] of rule.selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)) classes.push(name);
    });
  }
  return classes;
}

/** The text of string and template literals in an expression, each `${…}` read as "1" (an id or a count). */
const literalTexts = (expression: string) =>
  [...expression.matchAll(/"([^"]*)"|`([^`]*)`/g)].map(([, plain, template]) => plain ?? template.replace(/\$\{[^}]*\}/g, "1"));

/** The attribute expressions of `name=` in JSX: a string or a `{…}` without nested braces beyond one template level. */
const attributeValues = (source: string, name: string) =>
  [...source.matchAll(new RegExp(`\\b${name}=("[^"]*"|\\{(?:[^{}]|\\{[^{}]*\\})*\\})`, "g"))].map(([, value]) => value);

/** Every class the components' markup writes, and every id it writes or links to (`#name` in any string). */
function markupNames(): { classes: string[]; ids: string[] } {
  const classes: string[] = [];
  const ids: string[] = [];
  for (const source of sources("app", /\.tsx?$/)) {
    for (const value of attributeValues(source, "className")) classes.push(...literalTexts(value).flatMap((text) => text.split(/\s+/)));
    for (const value of attributeValues(source, "id")) {
      const texts = literalTexts(value);
      // id={NAME}: the string constant of that name in the same file.
      const constant = /^\{([A-Z_]+)\}$/.exec(value)?.[1];
      const declared = constant ? new RegExp(`const ${constant} = "([^"]+)"`).exec(source)?.[1] : undefined;
      ids.push(...texts, ...(declared ? [declared] : []));
    }
    // A link to a place on the page, not a colour.
    for (const text of literalTexts(source))
      for (const [, id] of text.matchAll(/^#([a-z][a-z\d-]*)$/g)) if (!/^(?:[\da-f]{3,4}|[\da-f]{6}|[\da-f]{8})$/.test(id)) ids.push(id);
  }
  return { classes, ids };
}

const sortedNames = (names: string[]) => [...new Set(names.filter((name) => NAME.test(name)))].sort();

it("site-markup-names.json holds every class and id of the site's stylesheets and markup", async () => {
  const markup = markupNames();
  const names = { classes: sortedNames([...stylesheetClasses(), ...markup.classes]), ids: sortedNames(markup.ids) };
  // The ones an attack on the article body used must be there whatever the source looks like.
  expect(names.classes).toEqual(expect.arrayContaining(["sheet", "app-open", "launch-tips", "rich-text__table", "nav", "pc", "card-id-1"]));
  expect(names.ids).toEqual(expect.arrayContaining(["app-open", "comments", "nav-unsupported"]));
  await expect(`${JSON.stringify(names, null, 2)}\n`).toMatchFileSnapshot("./site-markup-names.json");
});
