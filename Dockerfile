# The shop's production image: `docker build -t lenwell-shop .` (or `docker compose build`).
# Three stages: the npm dependencies, the build (next build with output: "standalone"), and a runtime
# that holds only the standalone server with public/ and .next/static: no sources, no dev
# dependencies, no npm.
# Node 24, an LTS line supported until April 2028 (Node 20 reached its end of life in April 2026, and
# the Redis page cache, @fortedigital/nextjs-cache-handler, needs Node 22 or newer).
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
# Exactly the committed lock file: `npm ci` installs what it lists (the lock holds every platform's
# optional binaries: next's swc, argon2, lightningcss) and stops if package.json and the lock disagree,
# where `npm install` would quietly resolve again. No audit or funding calls from the build.
RUN npm ci --no-audit --no-fund

FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY --from=deps /app/node_modules ./node_modules
COPY . .
# Every setting is read when the server starts (README: Configuration), so one image runs anywhere;
# nothing about the deployment is baked in here.
RUN npm run build && bash scripts/standalone.sh

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOSTNAME=0.0.0.0 \
    NEXT_TELEMETRY_DISABLED=1
# The code belongs to root and cannot be changed by the process that serves it; only .data (the
# embedded database, the mail outbox and the generated key when those are used) and Next's cache
# folder are the runtime user's.
COPY --from=build /app/.next/standalone ./
RUN mkdir -p .data .next/cache && chown node:node .data .next/cache
USER node
EXPOSE 3000
# Slim images have no curl: Node's own fetch asks the shop whether it is alive.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server drains on SIGTERM (requests in flight and jobs finished, then exit 0) within
# SHUTDOWN_TIMEOUT_SECONDS; give it more than that before the runtime kills it (compose:
# stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "server.js"]
