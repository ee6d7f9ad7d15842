import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, expect, it } from "vitest";
import { isDatabaseEmpty, openDatabase } from "./db";
import { SCHEMA_VERSION } from "./schema";

let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it("empties a database of an older schema, so the platform seeds it again with the current tables", () => {
  dir = mkdtempSync(join(tmpdir(), "platform-db-"));
  const path = join(dir, "platform.sqlite");
  const old = new Database(path);
  old.exec("CREATE TABLE contents (id INTEGER PRIMARY KEY, title TEXT); INSERT INTO contents VALUES (1, 'old');");
  old.exec("CREATE TABLE static_data (module_name TEXT PRIMARY KEY, value TEXT); INSERT INTO static_data VALUES ('h5_config', '{}');");
  old.close();

  const db = openDatabase(path);
  expect(db.pragma("user_version", { simple: true })).toBe(SCHEMA_VERSION);
  expect(isDatabaseEmpty(db)).toBe(true);
  const columns = (db.prepare("PRAGMA table_info(contents)").all() as { name: string }[]).map((c) => c.name);
  expect(columns).toContain("hls_url");
  db.prepare("INSERT INTO static_data (module_name, value) VALUES ('h5_config', '{}')").run();
  db.close();

  // The current version is kept as it is.
  const again = openDatabase(path);
  expect(isDatabaseEmpty(again)).toBe(false);
  again.close();
});
