import express from "express";
import { createPlatform } from "./app";
import { readStandaloneConfig } from "./config";
import { demoPasswordFor } from "./demo-account";
import { smsOutboxPath } from "./routes/dev";
import { DEMO_PHONE } from "./seed-users";

const config = readStandaloneConfig();
const platform = createPlatform({ ...config, log: (line, error) => console.log(`[platform] ${line}`, ...(error === undefined ? [] : [error])) });

const app = express();
app.disable("x-powered-by");
// The share site's backend calls from the same machine and forwards the visitor's address in X-Forwarded-For;
// the per-IP verification-code limit counts that address.
app.set("trust proxy", "loopback");
app.use(platform.router);

const server = app.listen(config.port, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  console.log(`[platform] listening on http://localhost:${port} (database ${config.dbPath}, media ${config.mediaBaseUrl})`);
  console.log(`[platform] demo account: phone ${DEMO_PHONE}, password ${demoPasswordFor(config.devKey)}`);
  console.log(`[platform] development SMS outbox (keep this link private): http://localhost:${port}${smsOutboxPath(config.devKey)}`);
  for (const content of platform.liveNow()) {
    console.log(`[platform] live now: local_live ${content.post_id}: ${content.title}`);
  }
  for (const { content, preview_token, expired_at } of platform.draftPreviews()) {
    console.log(`[platform] draft ${content.content_type} ${content.post_id}: preview=${preview_token} (until ${expired_at})`);
  }
});

function shutdown() {
  // Live event streams never end by themselves; server.close waits for every open connection.
  platform.closeLiveStreams();
  server.close(() => {
    platform.close();
    process.exit(0);
  });
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
