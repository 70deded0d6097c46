#!/usr/bin/env bash
# Times two commands in turn (A B A B ...) and prints the median CPU time of each (user + system,
# from /usr/bin/time) and the median, lowest and highest of the pairwise ratios A/B. Taking them
# in turn lets both see the same state of a noisy machine; the ratio of each pair is what to
# quote. One warm-up run of each is not counted.
#
#   docs/scripts/paired_time.sh [-n PAIRS] 'COMMAND A' 'COMMAND B'
#
# Example, this build against an older one (docs/performance.md):
#   docs/scripts/paired_time.sh -n 11 \
#     'target/release/cardlang simulate games/scopa.cardgame -n 400 --jobs 1 --seed 1' \
#     '/tmp/old/cardlang simulate games/scopa.cardgame -n 400 --jobs 1 --seed 1'
set -euo pipefail
pairs=11
if [ "${1:-}" = "-n" ]; then
    pairs=$2
    shift 2
fi
[ $# -eq 2 ] || { echo "usage: $0 [-n PAIRS] 'COMMAND A' 'COMMAND B'" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian: apt-get install time)" >&2; exit 2; }

# CPU seconds (user + system) of one run of a command given as one string.
tally=$(mktemp)
trap 'rm -f "$tally"' EXIT
cpu() {
    /usr/bin/time -o "$tally" -f '%U %S' bash -c "$1" >/dev/null 2>&1 || true
    tail -1 "$tally" | awk '{ printf "%.3f\n", $1 + $2 }'
}

cpu "$1" >/dev/null
cpu "$2" >/dev/null
a=() b=()
for _ in $(seq "$pairs"); do
    a+=("$(cpu "$1")")
    b+=("$(cpu "$2")")
done
python3 - "${a[*]}" "${b[*]}" <<'PY'
import statistics, sys
a = [float(x) for x in sys.argv[1].split()]
b = [float(x) for x in sys.argv[2].split()]
r = sorted(x / y for x, y in zip(a, b) if y > 0)
print(f"A cpu s  median {statistics.median(a):.3f}")
print(f"B cpu s  median {statistics.median(b):.3f}")
if not r:
    sys.exit("B took no measurable CPU time: give it more work")
print(f"A/B      median {statistics.median(r):.3f}  (lowest {r[0]:.3f}, highest {r[-1]:.3f}, {len(r)} pairs)")
PY
