import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { SCHEMA_SQL } from "./schema";

export type Db = Database.Database;

/** Opens (creating if needed) the platform database and makes sure every table exists. */
export function openDatabase(dbPath: string): Db {
  if (dbPath !== ":memory:") mkdirSync(dirname(dbPath), { recursive: true });
  const db = new Database(dbPath);
  // WAL lets the site read while a write is in flight; the platform is read-mostly.
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  db.exec(SCHEMA_SQL);
  return db;
}

export function isDatabaseEmpty(db: Db): boolean {
  return db.prepare("SELECT 1 FROM static_data LIMIT 1").get() === undefined;
}
