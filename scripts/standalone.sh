#!/usr/bin/env bash
# Turns the standalone output of `npm run build` (.next/standalone) into a folder that runs by
# itself: `node .next/standalone/server.js` (PORT, HOSTNAME). Next leaves public/ and .next/static
# out of it on purpose (a CDN may serve them), so they are copied in here, as its docs say; and its
# server.js becomes scripts/serve.mjs.
set -euo pipefail
cd "$(dirname "$0")/.."

standalone=.next/standalone
if [ ! -f "$standalone/server.js" ]; then
  echo "No standalone build at $standalone/server.js: run \`npm run build\` first." >&2
  exit 1
fi
# A fresh copy each time, so files deleted from public/ or from a previous build do not linger.
rm -rf "$standalone/public" "$standalone/.next/static"
cp -R public "$standalone/public"
cp -R .next/static "$standalone/.next/static"
# The shop's own server in place of the one Next wrote: it opens the port only once the database is
# migrated, /api/ready answers 200 and the first pages are rendered (scripts/serve.mjs says why).
cp scripts/serve.mjs "$standalone/server.js"
# What it imports beside it: the front of the page cache (docs/decisions/0052).
cp scripts/front-cache.mjs "$standalone/front-cache.mjs"
echo "Standalone server ready: node $standalone/server.js"
