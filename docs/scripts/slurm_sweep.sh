#!/usr/bin/env bash
# A million-game `cardlang simulate` as a Slurm job array: task K plays shard K of 100.
#
#   mkdir -p sweep
#   jid=$(sbatch --parsable docs/scripts/slurm_sweep.sh games/wilcox_war.cardgame --seed 5 \
#     --players mcts,random)
#   sbatch --dependency=afterok:$jid --output=sweep/merge.log \
#     --wrap 'cardlang merge sweep/*.json --report sweep/report.html > sweep/report.txt'
#
# Arguments after GAME go to `cardlang simulate` (--seed, --players, --variant, --set, --samples).
# The number of shards is the number of tasks in the array (--array=1-N on the command line
# overrides the 1-100 below); the array must run from 1. A failed task K is played again alone
# with the same arguments and the whole array's size in SHARDS (Slurm passes the environment on):
#   SHARDS=100 sbatch --array=K docs/scripts/slurm_sweep.sh GAME ...
# The sweep/ folder must exist before sbatch (Slurm writes the logs there). Needs only the
# cardlang binary on every node ($CARDLANG, default: cardlang on PATH) and the game file on a
# shared file system. GAMES (default 1000000) and OUT (default sweep) change the run's size and
# folder. Size the array so that a task plays 10 to 30 minutes (docs/simulate.md, "How long a
# shard should run"); the defaults suit about half a second a game, as with an mcts player.
# Keep other .json files out of sweep/: the merge reads sweep/*.json. tests/cluster.rs runs this
# script on a one-node Slurm.
#SBATCH --job-name=cardlang-sweep
#SBATCH --array=1-100
#SBATCH --cpus-per-task=4
#SBATCH --time=01:00:00
#SBATCH --output=sweep/%a.log
set -euo pipefail

GAME=${1:?usage: sbatch slurm_sweep.sh GAME [SIMULATE FLAGS...]}
shift
GAMES=${GAMES:-1000000}
OUT=${OUT:-sweep}
CARDLANG=${CARDLANG:-cardlang}
K=${SLURM_ARRAY_TASK_ID:?run this with sbatch: it is one task of a job array}
if [ -z "${SHARDS:-}" ]; then
  # The array's size is the shard count only when the array is 1..N: a task submitted again on
  # its own (--array=K) sees a count of 1, and --array=0-99 would start at shard 0.
  if [ "${SLURM_ARRAY_TASK_MIN:-}" != 1 ] || [ "${SLURM_ARRAY_TASK_MAX:-}" != "${SLURM_ARRAY_TASK_COUNT:-}" ]; then
    echo "slurm_sweep.sh: the array is ${SLURM_ARRAY_TASK_MIN:-?}-${SLURM_ARRAY_TASK_MAX:-?}," \
      "not 1-N: set SHARDS to the number of shards (SHARDS=100 sbatch --array=$K ...)" >&2
    exit 2
  fi
  SHARDS=$SLURM_ARRAY_TASK_COUNT
fi

# Written under a temporary name and renamed when whole, so a task stopped midway (a time
# limit, a lost node) leaves no file that looks finished.
"$CARDLANG" simulate "$GAME" -n "$GAMES" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$K/$SHARDS" --out "$OUT/$K.json.part" "$@"
mv "$OUT/$K.json.part" "$OUT/$K.json"
