#!/usr/bin/env bash
# The main job on the bundled examples (`make demo`): every report lands in the folder given as $1.
# Inputs are the project's own fixtures (TBE and ACLNN sources written in the real idioms) and its operators in ops/.
set -uo pipefail
out="$(mkdir -p "${1:-demo-report}" && cd "${1:-demo-report}" && pwd)"
cd "$(dirname "$0")/.."
fixtures=tests/functional
before="$fixtures/aclnn/ops_math/math/floor_mod/op_api"
shapes=(--shape "self=[1024,1,64]" --shape "other=[1,4096,64]" --shape "out=[1024,4096,64]")
case_text="self=[1024,1,64]:float16,other=[1,4096,64]:float16,out=[1024,4096,64]:float16"
failed=0

step() {
    local expected=$1
    shift
    echo "+ migrate $*"
    migrate "$@"
    local code=$?
    if [ "$code" -ne "$expected" ]; then
        echo "  unexpected exit code $code (expected $expected)"
        failed=1
    fi
}

mkdir -p "$out/tbe" "$out/aclnn" "$out/verify" "$out/pypto" "$out/package"
# Exit 1 where the report carries warnings (floor_mod: vsignbit has no direct Ascend C API; gcd likewise).
step 1 analyze "$fixtures/tbe/floor_mod_dynamic.py" --format md -o "$out/tbe/floor_mod_dynamic.md"
step 0 analyze "$fixtures/tbe/reduce_all.py" --format md -o "$out/tbe/reduce_all.md"
step 1 analyze "$fixtures/tbe/gcd.py" --format json -o "$out/tbe/gcd.json"
step 1 analyze "$fixtures/tbe" --no-progress --no-cache --format md -o "$out/tbe/corpus.md"
# The original chain's report carries a finding (its output-sized broadcasts: a 200% gap), so exit 1. The new
# chain's Tensor-Tensor and scalar routes are complete and decided; its in-place Tensor-Tensor entry rejects these
# shapes (selfRef, read as self, must already have out's shape), a route-facts-rejected warning: exit 1 too.
step 1 analyze "$before" --repo-root "$fixtures/aclnn/ops_math" --soc Ascend910B --dtype float16 "${shapes[@]}" \
    --case "$case_text" --no-progress --format md -o "$out/aclnn/floor_mod_before.md"
step 1 analyze ops/floor_mod/op_api --repo-root ops --soc Ascend910B --dtype float16 "${shapes[@]}" \
    --case "$case_text" --no-progress --format md -o "$out/aclnn/floor_mod_after.md"
# The policy names the five Remainder entry points; the fixture of the original chain models only the two
# Tensor-Tensor ones, so the other three are incomplete points next to the violations: exit 2 (incomplete first).
step 2 verify-route "$before" --repo-root "$fixtures/aclnn/ops_math" --policy floor_mod-native --format sarif \
    -o "$out/verify/floor_mod_before.sarif"
step 0 verify-route ops/floor_mod/op_api --repo-root ops --policy floor_mod-native --before "$before" \
    --before-repo-root "$fixtures/aclnn/ops_math" --format md -o "$out/verify/floor_mod.md"
for op in gcd reduce_all bernoulli; do
    if [ -d "ops/$op/op_api" ]; then
        policy=$op-native
        [ "$op" = bernoulli ] && policy=bernoulli-dav2201
        step 0 verify-route "ops/$op/op_api" --repo-root ops --policy "$policy" --format md -o "$out/verify/$op.md"
    fi
done
step 1 analyze "$fixtures/pypto/views_invalid.py" --format md -o "$out/pypto/views_invalid.md"

# package-pr into a throwaway ops-math-shaped repository made here
sandbox="$out/package/ops-math"
rm -rf "$sandbox" && mkdir -p "$sandbox/experimental/math" "$sandbox/cmake"
echo "# categories" > "$sandbox/experimental/math/CMakeLists.txt"
echo "# build functions" > "$sandbox/cmake/func.cmake"
printf '#!/bin/bash\n' > "$sandbox/build.sh"
git -C "$sandbox" init -q -b master && git -C "$sandbox" add -A
git -C "$sandbox" -c user.name=demo -c user.email=demo@example.invalid commit -q -m "ops-math stand-in"
# package-pr commits as the user; a machine without a git identity gets one for the demo only.
if [ -z "$(git config user.email)" ]; then
    export GIT_AUTHOR_NAME=op-migrate-demo GIT_AUTHOR_EMAIL=demo@example.invalid
    export GIT_COMMITTER_NAME=op-migrate-demo GIT_COMMITTER_EMAIL=demo@example.invalid
fi
step 0 package-pr floor_mod --target "$sandbox" --before "$before" \
    --tbe-source "$fixtures/tbe/floor_mod_dynamic.py" -o "$out/package"
git -C "$sandbox" show op-migrate/floor_mod:experimental/math/floor_mod/docs/design.md > "$out/package/design.md"

echo
echo "reports written to $out/"
exit $failed
