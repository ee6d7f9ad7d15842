import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { BASE_PATH } from "../app/lib/base-path";
import { LOCALE_COOKIE } from "../app/lib/languages";
import { SESSION_COOKIE } from "../app/lib/session-cookie";
import { EDGE_VARIANT_PATH } from "../server/page-cache/edge-variant";

const SCRIPT = fileURLToPath(new URL("edge.mjs", import.meta.url));
const VARNISHD = existsSync("/usr/sbin/varnishd") ? "/usr/sbin/varnishd" : "varnishd";
const scratch = mkdtempSync(join(tmpdir(), "davmu-edge-test-"));
// varnishd run as root compiles as its own user: it must reach the file.
chmodSync(scratch, 0o755);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** `npm run edge -- --vcl` with `env`: the VCL it would run, or its refusal. */
function vclFor(env: Record<string, string>) {
  // Only the settings given: none of the edge's from this shell.
  const { EDGE_PORT: _port, EDGE_BACKENDS: _backends, EDGE_PURGE_ADDRESSES: _addresses, EDGE_PURGE_KEY: _key, ...inherited } = process.env;
  const run = spawnSync(process.execPath, [SCRIPT, "--vcl"], { env: { ...inherited, ...env }, encoding: "utf8" });
  return { status: run.status, vcl: run.stdout, error: run.stderr.trim() };
}

/** Whether Debian's varnishd compiles `vcl` (with the xkey module), and what it said (the C code, or why not). */
function compiles(vcl: string) {
  const file = join(scratch, `${Math.random().toString(36).slice(2)}.vcl`);
  writeFileSync(file, vcl, { mode: 0o644 });
  const run = spawnSync(VARNISHD, ["-C", "-f", file, "-n", join(scratch, "work")], { encoding: "utf8" });
  return { ok: run.status === 0, said: run.stderr.slice(-2000) };
}

describe("npm run edge's VCL", () => {
  // A name is resolved once, when the VCL compiles.
  it("compiles with several backends (a name, IPv4, IPv6), networks allowed to purge, and a key", () => {
    const { status, vcl } = vclFor({
      EDGE_BACKENDS: "127.0.0.1:3000, [::1]:3001,localhost:3002",
      EDGE_PURGE_ADDRESSES: "10.0.0.0/24,::1",
      EDGE_PURGE_KEY: "k".repeat(40),
    });
    expect(status).toBe(0);
    expect(vcl).toContain('req.http.X-Edge-Purge-Key != "' + "k".repeat(40) + '"');
    expect(vcl.match(/replicas\.add_backend/g)).toHaveLength(3);
    const compiled = compiles(vcl);
    expect(compiled.ok, compiled.said).toBe(true);
  });

  it("compiles with the defaults, and asks for no key without one", () => {
    const { status, vcl } = vclFor({});
    expect(status).toBe(0);
    expect(vcl).not.toContain("X-Edge-Purge-Key");
    expect(vcl).toContain('.host = "127.0.0.1";\n  .port = "3000";');
    const compiled = compiles(vcl);
    expect(compiled.ok, compiled.said).toBe(true);
  });

  it("names the site's own cookies and paths", () => {
    const { vcl } = vclFor({});
    expect(vcl).toContain(`(^|;\\s*)${SESSION_COOKIE}=`);
    expect(vcl).toContain(`(^|;\\s*)${LOCALE_COOKIE}=zh-Hant(;|$)`);
    expect(vcl).toContain(`set req.http.Cookie = "${LOCALE_COOKIE}=zh-Hant";`);
    expect(vcl).toContain(`set req.url = "${EDGE_VARIANT_PATH}";`);
    expect(vcl).toContain(`"GET ${BASE_PATH}readyz HTTP/1.1"`);
    expect(vcl).toContain(`req.url ~ "^${BASE_PATH}(zh-Hant/)?api/"`);
  });

  it("refuses settings it cannot put in VCL safely", () => {
    expect(vclFor({ EDGE_BACKENDS: "127.0.0.1" })).toMatchObject({ status: 1, error: expect.stringContaining("EDGE_BACKENDS") });
    expect(vclFor({ EDGE_PURGE_ADDRESSES: 'any"; }' })).toMatchObject({ status: 1, error: expect.stringContaining("EDGE_PURGE_ADDRESSES") });
    expect(vclFor({ EDGE_PURGE_KEY: 'short"' })).toMatchObject({ status: 1, error: expect.stringContaining("EDGE_PURGE_KEY") });
    expect(vclFor({ EDGE_PORT: "0" })).toMatchObject({ status: 1, error: expect.stringContaining("EDGE_PORT") });
  });
});
