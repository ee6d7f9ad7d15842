import { rmSync } from "node:fs";
import { createPlatform } from "./app";
import { readStandaloneConfig } from "./config";

/** Deletes the standalone database (with its WAL files) and seeds a fresh one. Stop the platform first. */
const config = readStandaloneConfig();
for (const suffix of ["", "-wal", "-shm"]) rmSync(`${config.dbPath}${suffix}`, { force: true });
createPlatform({ ...config, log: (line, error) => console.log(`[platform] ${line}`, ...(error === undefined ? [] : [error])) }).close();
console.log(`[platform] reset ${config.dbPath}`);
