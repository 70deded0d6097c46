#!/usr/bin/env bash
# A million-game `cardlang simulate` as a Slurm job array: task K plays shard K of 100.
#
#   mkdir -p sweep
#   jid=$(sbatch --parsable docs/scripts/slurm_sweep.sh games/wilcox_war.cardgame --seed 5)
#   sbatch --dependency=afterok:$jid --output=sweep/merge.log \
#     --wrap 'cardlang merge sweep/*.json --report sweep/report.html > sweep/report.txt'
#
# Arguments after GAME go to `cardlang simulate` (--seed, --players, --variant, --set, --samples).
# A failed task is played again alone with `sbatch --array=K docs/scripts/slurm_sweep.sh GAME ...`
# (same arguments). SHARDS must equal the last index of --array, and the sweep/ folder must
# exist before sbatch (Slurm writes the logs there). Needs only the cardlang binary on every
# node ($CARDLANG, default: cardlang on PATH) and the game file on a shared file system.
#SBATCH --job-name=cardlang-sweep
#SBATCH --array=1-100
#SBATCH --cpus-per-task=4
#SBATCH --time=01:00:00
#SBATCH --output=sweep/%a.log
set -euo pipefail

GAME=${1:?usage: sbatch slurm_sweep.sh GAME [SIMULATE FLAGS...]}
shift
GAMES=${GAMES:-1000000}
SHARDS=${SHARDS:-100}
OUT=${OUT:-sweep}
CARDLANG=${CARDLANG:-cardlang}
K=${SLURM_ARRAY_TASK_ID:?run this with sbatch: it is one task of a job array}

# Written under a temporary name and renamed when whole, so a task stopped midway (a time
# limit, a lost node) leaves no file that looks finished.
"$CARDLANG" simulate "$GAME" -n "$GAMES" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$K/$SHARDS" --out "$OUT/$K.json.part" "$@"
mv "$OUT/$K.json.part" "$OUT/$K.json"
