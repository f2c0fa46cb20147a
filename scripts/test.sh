#!/usr/bin/env bash
# Every test of the shop: format, lint, types, unit tests, production build, end-to-end in Chromium,
# the server killed with SIGKILL under load, and two instances behind HAProxy on PostgreSQL and Redis
# (plus the container image, where its base image is at hand).
set -euo pipefail
cd "$(dirname "$0")/.."

export NEXT_TELEMETRY_DISABLED=1
CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"
export CHROMIUM_PATH

# step and finish: each step's time and the whole run's.
source scripts/steps.sh

if [ ! -x "$CHROMIUM_PATH" ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    step "Installing Debian's chromium for the browser tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "Chromium is needed for the end-to-end tests and is not at $CHROMIUM_PATH." >&2
    echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
    exit 1
  fi
fi

# The two-instance test puts the shipped HAProxy configuration in front of the shop (Debian's
# haproxy, run in the foreground by the test; the package's own service is not needed).
if ! command -v haproxy >/dev/null 2>&1 && [ ! -x /usr/sbin/haproxy ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    step "Installing Debian's haproxy for the two-instance test"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null
  else
    echo "HAProxy is needed for the two-instance test and is not installed." >&2
    echo "Install it with: sudo apt-get install -y haproxy" >&2
    exit 1
  fi
fi

if [ ! -d node_modules ] || [ package.json -nt node_modules/.package-lock.json ]; then
  step "Installing dependencies"
  npm install --no-audit --no-fund
fi

step "Format (Prettier; npm run format rewrites)"
npm run --silent format:check
step "Lint and types, side by side (each is one single-threaded process)"
bash scripts/lint-and-types.sh
step "Unit tests"
npm run --silent test:unit
step "Production build"
npm run --silent build
step "End-to-end tests (Chromium, desktop 1280x800 and phone 390x844)"
npm run --silent test:e2e
step "Kill -9 under load: the server killed mid-checkout and mid-payment, invariants checked"
npm run --silent chaos:kill
step "Cold start: an empty embedded database created, migrated and seeded before the port opens"
npm run --silent test:cold-start
step "Two instances behind HAProxy on PostgreSQL and Redis (the standalone build)"
npm run --silent test:cluster
step "Container image"
bash scripts/docker-build.sh
finish "All tests passed"
