import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { breakerStates, platformEnvelope, requestDeadline } from "./app/bff/client.server";
import { env } from "./app/env.server";
import type { LoadContext } from "./app/load-context";
import { BASE_PATH } from "./app/lib/base-path";
import { createPlatform } from "./platform/app";
import { basePathOnly } from "./server/base-path-only";
import { desktopRedirect } from "./server/desktop-redirect";
import { draftPreviewUrls, exampleShareUrls } from "./server/example-urls";
import { healthRoutes } from "./server/health";
import { formBodies, refuseMalformedRequests } from "./server/malformed-requests";
import { knownHosts, publicOrigin } from "./server/public-origin";
import { remixHandler } from "./server/remix-handler";
import { requestId, requestLog } from "./server/request-log";
import { sameOriginWrites } from "./server/same-origin";
import { cspNonce, securityHeaders } from "./server/security-headers";
import { startUpMessage } from "./server/start-up-message";

// This file runs as server.ts in development and as build/server.js in production.
const here = path.dirname(fileURLToPath(import.meta.url));
const projectRoot = path.basename(here) === "build" ? path.dirname(here) : here;
const development = !env.isProduction;
const originOf = publicOrigin(env.PUBLIC_ORIGIN);
const hosts = knownHosts({ allowedHosts: env.ALLOWED_HOSTS, publicOrigin: env.PUBLIC_ORIGIN, host: env.HOST, port: env.PORT });
if (env.isProduction && !env.PUBLIC_ORIGIN) {
  console.warn(
    `PUBLIC_ORIGIN is not set: canonical and share URLs take their host from each request (one of ${[...hosts].join(", ")}). ` +
      "Set PUBLIC_ORIGIN to the site's public origin, e.g. https://m.example.com.",
  );
}

const app = express();
app.set("trust proxy", env.TRUST_PROXY);
app.disable("x-powered-by");

app.use(requestId);
app.use(
  requestLog({
    silent: env.LOG_LEVEL === "silent",
    // Health probes are noise; the embedded platform's own calls only matter when debugging.
    skip: (p) => p.endsWith("/healthz") || p.endsWith("/readyz") || (env.LOG_LEVEL !== "debug" && p.startsWith("/_platform/")),
  }),
);
app.use(compression());
// Any envelope of this unauthenticated read proves the platform up and speaking the contract, without side effects.
app.use(
  BASE_PATH,
  healthRoutes({ probe: () => platformEnvelope("/peony/v1/group", { token: null, requestId: null }), breakers: breakerStates }),
);

const platform = env.embeddedPlatform
  ? createPlatform({
      dbPath: path.resolve(projectRoot, env.PLATFORM_DB_PATH),
      hashidsSalt: env.HASHIDS_SALT,
      hashidsMinLength: env.HASHIDS_MIN_LENGTH,
      log: (line) => console.log(`[platform] ${line}`),
      mediaDir: path.join(projectRoot, "platform/media"),
      codesPerIpPerHour: env.PLATFORM_CODES_PER_IP_PER_HOUR,
      devKey: env.platformDevKey,
      previewSecret: env.PLATFORM_PREVIEW_SECRET,
      // The site's own hosts are its JS safe domains: the platform signs its pages and nothing else.
      wechat: { appId: env.PLATFORM_WECHAT_APP_ID, jsapiTicket: env.PLATFORM_WECHAT_JSAPI_TICKET, safeDomains: [...hosts] },
    })
  : null;
if (platform) app.use("/_platform", platform.router);

app.get("/", (_req, res) => res.redirect(302, BASE_PATH));

let build: () => Promise<ServerBuild>;
if (development) {
  const vite = await import("vite");
  const devServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(devServer.middlewares);
  build = () => devServer.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>;
} else {
  const clientDir = path.join(projectRoot, "build/client");
  // Vite fingerprints everything under assets/: safe to cache for a year.
  app.use(`${BASE_PATH}assets`, express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.get(`${BASE_PATH}sw.js`, (_req, res) => {
    res.set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": BASE_PATH });
    res.sendFile(path.join(clientDir, "sw.js"));
  });
  app.use(BASE_PATH, express.static(clientDir, { maxAge: "1h", index: false }));
  const serverBuild = (await import(pathToFileURL(path.join(projectRoot, "build/server/index.js")).href)) as ServerBuild;
  build = async () => serverBuild;
}

app.use(cspNonce);
app.use(securityHeaders({ development }));
app.use(refuseMalformedRequests({ knownHosts: hosts }));
app.use(basePathOnly);
app.use(desktopRedirect(originOf));
app.use(sameOriginWrites(originOf));
app.use(formBodies);
app.all(
  "*",
  remixHandler({
    build,
    mode: env.NODE_ENV,
    originOf,
    getLoadContext: (req, res): LoadContext => ({
      cspNonce: res.locals.cspNonce,
      requestId: res.locals.requestId,
      origin: originOf(req),
      userAgent: req.get("user-agent") ?? "",
      clientIp: req.ip ?? "",
      deadline: requestDeadline(),
    }),
  }),
);

const server = app.listen(env.PORT, env.HOST, () => {
  const origin = `http://localhost:${env.PORT}`;
  const { info, warning } = startUpMessage({
    origin,
    production: env.isProduction,
    embedded: platform
      ? { dbPath: env.PLATFORM_DB_PATH, devKey: env.platformDevKey, devKeyIsEphemeral: env.platformDevKeyIsEphemeral }
      : null,
    sessionSecretIsEphemeral: env.sessionSecretIsEphemeral,
  });
  console.log(info.join("\n"));
  if (warning) console.warn(warning);
  exampleShareUrls(origin + BASE_PATH)
    .then((urls) => console.log(`Example share pages:\n  ${urls.join("\n  ")}`))
    .catch((error: Error) => console.warn(`No example pages: the platform did not answer (${error.message})`));
  if (platform) console.log(`Draft previews (links valid 30 minutes):\n  ${draftPreviewUrls(origin + BASE_PATH, platform.draftPreviews()).join("\n  ")}`);
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  // Finish in-flight requests, then release the database; give up after 10 s.
  setTimeout(() => process.exit(1), 10_000).unref();
  server.close(() => {
    platform?.close();
    process.exit(0);
  });
  server.closeIdleConnections();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
