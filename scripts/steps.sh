# Sourced by scripts/test.sh and scripts/verify.sh: `step NAME` starts a step and prints how long the
# one before it took; `finish` prints the last step's time and the whole run's, so a slow step
# shows in CI's log and in the loop's output.
run_start=$SECONDS
step_name=""
step_start=$SECONDS

step() {
  if [ -n "$step_name" ]; then printf '   (%s: %d s)\n' "$step_name" $((SECONDS - step_start)); fi
  step_name="$*"
  step_start=$SECONDS
  printf '\n\033[1m== %s\033[0m\n' "$*"
}

finish() {
  step "$@"
  printf 'The whole run took %d min %d s.\n' $(((SECONDS - run_start) / 60)) $(((SECONDS - run_start) % 60))
}
