// Preloaded with `node --import` by production-loads.spec.ts: appends the URL of every module the process resolves,
// one a line, to the file MODULE_LOADS_FILE names. Node runs module hooks in a thread of their own, so this file is
// both the preload (main thread: it registers itself) and the hooks (that thread: `resolve` below).
import { appendFileSync } from "node:fs";
import { register } from "node:module";
import { isMainThread } from "node:worker_threads";

let file = "";

export function initialize(data) {
  file = data;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}

if (isMainThread && process.env.MODULE_LOADS_FILE) register(import.meta.url, { data: process.env.MODULE_LOADS_FILE });
