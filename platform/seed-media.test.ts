import { existsSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { openDatabase } from "./db";
import { MEDIA_DIR, MEDIA_PLACEHOLDER } from "./media";
import { seedDatabase } from "./seed";

it("seeds no media address without its file: a card's WebP that is not there is a broken picture, not the JPEG", () => {
  const db = openDatabase(":memory:");
  seedDatabase(db, new Date("2026-11-20T02:00:00.000Z"));
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(({ name }) => name);
  const files = new Set<string>();
  const address = new RegExp(`${MEDIA_PLACEHOLDER.replace(/[{}]/g, "\\$&")}/([\\w./-]+)`, "g");
  for (const table of tables) {
    for (const row of db.prepare(`SELECT * FROM "${table}"`).all() as Record<string, unknown>[]) {
      for (const value of Object.values(row)) if (typeof value === "string") for (const [, file] of value.matchAll(address)) files.add(file!);
    }
  }
  // The hotlink-protected picture host serves the same pictures under names of its own (hotlink-pictures.ts).
  for (const file of files) if (file.startsWith("mmbiz/")) files.delete(file);
  expect(files.size).toBeGreaterThan(50);
  expect([...files].filter((file) => !existsSync(join(MEDIA_DIR, file)))).toEqual([]);
  const covers = db.prepare("SELECT covers FROM contents WHERE covers LIKE '%gallery-%'").all() as { covers: string }[];
  expect(covers.length).toBeGreaterThan(0);
});
