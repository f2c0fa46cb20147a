#!/usr/bin/env bash
# Lint and types side by side (npm test and npm run verify): each is one single-threaded process, and
# neither needs the other. Arguments go to ESLint (verify passes its cache settings). Both always
# finish, so one run shows every problem of both; the exit status fails if either did.
set -uo pipefail
cd "$(dirname "$0")/.."

types_log=$(mktemp)
trap 'rm -f "$types_log"' EXIT
npm run --silent typecheck >"$types_log" 2>&1 &
types_pid=$!
lint_status=0
npm run --silent lint -- "$@" || lint_status=$?
types_status=0
wait "$types_pid" || types_status=$?
cat "$types_log"
[ "$lint_status" -ne 0 ] && echo "Lint failed." >&2
[ "$types_status" -ne 0 ] && echo "Types failed." >&2
[ "$lint_status" -eq 0 ] && [ "$types_status" -eq 0 ]
