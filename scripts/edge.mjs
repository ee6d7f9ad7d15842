// `npm run edge`: Debian's Varnish in front of the site's replicas, in the foreground (docs/deploy.md, "The edge");
// `npm run edge -- --vcl` prints the VCL for these settings instead, for a Varnish run another way.
// The VCL is deploy/edge/edge.vcl with its {{…}} parts filled from the environment:
//   EDGE_PORT (8080), EDGE_HOST (all addresses), EDGE_BACKENDS (host:port,… — 127.0.0.1:3000), EDGE_MEMORY (256M),
//   EDGE_PURGE_ADDRESSES (who may purge: addresses or networks, 127.0.0.1,::1), EDGE_PURGE_KEY (unset: the addresses alone).
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");

function fail(message) {
  console.error(`edge: ${message}`);
  process.exit(1);
}

const list = (value) =>
  value
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

/** The VCL for these settings: a backend per address, all in one round-robin director, probed on readiness. */
function edgeVcl({ backends, purgeAddresses, purgeKey }) {
  const named = backends.map((address, index) => {
    const match = /^([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):(\d{1,5})$/.exec(address);
    if (!match) fail(`EDGE_BACKENDS: "${address}" is not host:port`);
    return { name: `replica${index}`, host: match[1].replace(/^\[|\]$/g, ""), port: match[2] };
  });
  for (const address of purgeAddresses) {
    if (!/^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(address)) fail(`EDGE_PURGE_ADDRESSES: "${address}" is not an address or network`);
  }
  // Compared in VCL as a string literal: only characters that need no escaping there.
  if (purgeKey && !/^[A-Za-z0-9_-]{32,}$/.test(purgeKey)) fail("EDGE_PURGE_KEY: must be 32+ letters, digits, - or _");
  const parts = {
    BACKENDS: named.map(({ name, host, port }) => `backend ${name} {\n  .host = "${host}";\n  .port = "${port}";\n  .probe = ready;\n}`).join("\n\n"),
    DIRECTOR: named.map(({ name }) => `  replicas.add_backend(${name});`).join("\n"),
    PURGE_ADDRESSES: purgeAddresses
      .map((address) => {
        const [ip, bits] = address.split("/");
        return `  "${ip}"${bits ? `/${bits}` : ""};`;
      })
      .join("\n"),
    PURGE_KEY_CHECK: purgeKey ? ` || req.http.X-Edge-Purge-Key != "${purgeKey}"` : "",
  };
  const template = readFileSync(path.join(root, "deploy/edge/edge.vcl"), "utf8");
  return template.replace(/\{\{([A-Z_]+)\}\}/g, (_, name) => parts[name]);
}

function main() {
  const port = Number(process.env.EDGE_PORT ?? 8080);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail("EDGE_PORT: must be a port number");
  const backends = list(process.env.EDGE_BACKENDS ?? "127.0.0.1:3000");
  if (backends.length === 0) fail("EDGE_BACKENDS: name at least one host:port");
  const purgeAddresses = list(process.env.EDGE_PURGE_ADDRESSES ?? "127.0.0.1,::1");
  const purgeKey = process.env.EDGE_PURGE_KEY;
  const vcl = edgeVcl({ backends, purgeAddresses, purgeKey });
  const loopback = (address) => address === "::1" || address.startsWith("127.");
  if (!purgeKey && !purgeAddresses.every(loopback)) {
    console.error("edge: EDGE_PURGE_KEY is unset: anything at an address of EDGE_PURGE_ADDRESSES may purge (docs/deploy.md)");
  }
  if (process.argv.includes("--vcl")) {
    process.stdout.write(vcl);
    return;
  }

  const install = spawnSync("bash", [path.join(root, "deploy/edge/install-varnish.sh")], { stdio: "inherit" });
  if (install.status !== 0) fail("Varnish could not be installed");
  const varnishd = existsSync("/usr/sbin/varnishd") ? "/usr/sbin/varnishd" : "varnishd";

  // The VCL holds the purge key: it lives in a directory of this run's, removed when varnishd stops, readable by its
  // owner alone. varnishd started as root reads it as Debian's `varnish` user, which then owns it.
  const dir = mkdtempSync(path.join(os.tmpdir(), "davmu-edge-"));
  chmodSync(dir, 0o711);
  const file = path.join(dir, "edge.vcl");
  writeFileSync(file, vcl, { mode: 0o600 });
  if (process.getuid?.() === 0) {
    const owner = spawnSync("id", ["-u", "varnish"], { encoding: "utf8" });
    if (owner.status !== 0) fail("varnishd runs as the varnish user, which does not exist");
    chownSync(file, Number(owner.stdout), 0);
  }
  const address = `${process.env.EDGE_HOST ?? ""}:${port}`;
  const child = spawn(
    varnishd,
    ["-F", "-f", file, "-a", address, "-n", path.join(dir, "work"), "-s", `malloc,${process.env.EDGE_MEMORY ?? "256M"}`],
    { stdio: "inherit" },
  );
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(code ?? (signal ? 1 : 0));
  });
  console.log(`edge: Varnish on ${address} in front of ${backends.join(", ")}`);
}

main();
