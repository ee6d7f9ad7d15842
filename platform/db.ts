import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { LRUCache } from "lru-cache";
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
  return withCompiledStatements(db);
}

/** More than the platform's distinct statements (a few hundred, some built from a fixed set of parts). */
const MAX_COMPILED_STATEMENTS = 1000;

/**
 * better-sqlite3 compiles the SQL on every `prepare`, and the platform prepares where it runs a statement: the
 * compilation took more of a logged-in page view's time than the queries. Each SQL text is compiled once and its
 * statement reused (none is iterated, so none is ever busy when it is run again).
 */
function withCompiledStatements(db: Db): Db {
  const compile = db.prepare.bind(db);
  const statements = new LRUCache<string, Database.Statement>({ max: MAX_COMPILED_STATEMENTS });
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = compile(sql)));
    return statement;
  }) as Db["prepare"];
  return db;
}

export function isDatabaseEmpty(db: Db): boolean {
  return db.prepare("SELECT 1 FROM static_data LIMIT 1").get() === undefined;
}
