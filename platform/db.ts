import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { SCHEMA_SQL, SCHEMA_VERSION } from "./schema";

export type Db = Database.Database;

function dropAllTables(db: Db): void {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[];
  db.pragma("foreign_keys = OFF");
  db.transaction(() => {
    for (const { name } of tables) db.exec(`DROP TABLE "${name}"`);
  })();
}

/**
 * Opens (creating if needed) the platform database and makes sure every table exists. A database of another
 * schema version is emptied first (see SCHEMA_VERSION), so the platform seeds it again.
 */
export function openDatabase(dbPath: string): Db {
  if (dbPath !== ":memory:") mkdirSync(dirname(dbPath), { recursive: true });
  const db = new Database(dbPath);
  // WAL lets the site read while a write is in flight; the platform is read-mostly.
  db.pragma("journal_mode = WAL");
  if (db.pragma("user_version", { simple: true }) !== SCHEMA_VERSION) {
    dropAllTables(db);
    db.pragma(`user_version = ${SCHEMA_VERSION}`);
  }
  db.pragma("foreign_keys = ON");
  db.exec(SCHEMA_SQL);
  return db;
}

export function isDatabaseEmpty(db: Db): boolean {
  return db.prepare("SELECT 1 FROM static_data LIMIT 1").get() === undefined;
}
