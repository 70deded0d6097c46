#!/usr/bin/env bash
# A big `cardlang simulate` split into shards run side by side with GNU parallel, then merged.
#
#   docs/scripts/parallel_sweep.sh GAME GAMES SHARDS [SIMULATE FLAGS...]
#   OUT=sweep docs/scripts/parallel_sweep.sh games/wilcox_war.cardgame 1000000 100 --seed 5 --players greedy,random
#
# One shard per core at a time (parallel's default; set -j with PARALLEL="-j 8"), each on one
# thread. The shards land in $OUT/K.json, the report in $OUT/report.txt and $OUT/report.html.
# Running the script again with the same arguments plays only the shards that failed or never
# ran (--resume-failed reads $OUT/joblog); use a fresh $OUT for another sweep. Needs only the
# cardlang binary ($CARDLANG, default: cardlang on PATH) and GNU parallel.
set -euo pipefail

if [ $# -lt 3 ]; then
  echo "usage: parallel_sweep.sh GAME GAMES SHARDS [SIMULATE FLAGS...]" >&2
  exit 2
fi
GAME=$1 GAMES=$2 SHARDS=$3
shift 3
OUT=${OUT:-sweep}
CARDLANG=${CARDLANG:-cardlang}

mkdir -p "$OUT"
# -q passes every argument as it is (paths with spaces too); {} is the shard number K.
seq 1 "$SHARDS" | parallel -q --halt soon,fail=1 --joblog "$OUT/joblog" --resume-failed \
  "$CARDLANG" simulate "$GAME" -n "$GAMES" --jobs 1 --shard "{}/$SHARDS" --out "$OUT/{}.json" "$@"

"$CARDLANG" merge "$OUT"/*.json --report "$OUT/report.html" > "$OUT/report.txt"
cat "$OUT/report.txt"
