#!/usr/bin/env bash
# The edit-test loop (npm run verify): format, lint, types and the unit tests on the embedded
# database (PGlite). No build, no browser, no PostgreSQL or Redis: npm test (scripts/test.sh) runs
# all of this and those too, and stays the check before a push.
#
# Quick by caching what did not change:
# - Prettier and ESLint skip the files whose content they already passed (node_modules/.cache).
#   ESLint's cache does not follow types across files: a floating promise in a file you did not
#   touch, made by a change in a file it imports (a function turned async), shows only in an
#   uncached run (npm run lint, npm test) or once that file changes.
# - tsc is incremental (tsconfig.json's "incremental"; its state in tsconfig.tsbuildinfo).
set -euo pipefail
cd "$(dirname "$0")/.."

# step and finish: each step's time and the whole run's.
source scripts/steps.sh

if [ ! -d node_modules ]; then
  echo "node_modules is missing: run npm install first." >&2
  exit 1
fi

step "Format (Prettier; npm run format rewrites)"
npm run --silent format:check -- --cache

step "Lint and types, side by side"
bash scripts/lint-and-types.sh --cache --cache-location node_modules/.cache/eslint/ --cache-strategy content

# PGlite only, whatever the shell has set: without TEST_DATABASE_URL and TEST_REDIS_URL the suites
# that need PostgreSQL or Redis are skipped and listed at the end (CI unset, so they skip rather than
# fail), and without DATABASE_URL and REDIS_URL no code under test reaches a server either.
step "Unit tests on PGlite"
env -u TEST_DATABASE_URL -u TEST_REDIS_URL -u CI -u DATABASE_URL -u REDIS_URL npm run --silent test:unit

finish "Verified: format, lint, types, unit tests (npm test adds the build, the browser, PostgreSQL and Redis)"
