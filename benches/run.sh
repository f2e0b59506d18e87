#!/usr/bin/env bash
# Builds the release library and the C benchmark (gcc -O2, linked statically against
# libtictactoe.a) and runs it. Arguments go to the benchmark (an optional SCALE, default 1).
#
#   benches/run.sh [SCALE]              one run: the table
#   benches/run.sh --runs N [SCALE]     N separate runs: each row's median ratio and range
#
# Use --runs (9 or more) to compare two builds: on a virtual machine a row can move by a
# quarter from one process to the next (where the heap lands, which pages are faulted in),
# while repeats inside one process agree. Numbers, not pass/fail: CI only checks that the
# benchmark builds and that its cross-checks hold (tests/examples.rs).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
runs=1
if [[ "${1:-}" == "--runs" ]]; then
    runs="${2:?--runs needs a count}"
    shift 2
fi
cargo build --release
exe=target/release/bench-c
gcc -std=c99 -O2 -Wall -Wextra -Werror -Iinclude benches/c/*.c target/release/libtictactoe.a \
    -lpthread -ldl -lm -o "$exe"
if [[ "$runs" == 1 ]]; then
    exec "$exe" "$@"
fi
for ((i = 0; i < runs; i++)); do
    "$exe" "$@"
done | awk -v runs="$runs" '
    # A result row ends "ratio <= target status" or "ratio (reference)"; its name is the text
    # before the two ns columns.
    / <= / || /\(reference\)/ {
        n = NF; while ($n != "<=" && $n != "(reference)") n--
        name = $1; for (i = 2; i <= n - 4; i++) name = name " " $i
        if (!(name in count)) order[++rows] = name
        ratios[name, ++count[name]] = $(n - 1)
        target[name] = ($n == "<=") ? "<= " $(n + 1) : "(reference)"
    }
    END {
        printf "%d runs; ratio = library / plain C, median (min-max)\n\n", runs
        for (r = 1; r <= rows; r++) {
            name = order[r]; m = count[name]
            for (i = 1; i <= m; i++) v[i] = ratios[name, i]
            for (i = 2; i <= m; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) {
                t = v[j]; v[j] = v[j - 1]; v[j - 1] = t
            }
            med = (m % 2) ? v[(m + 1) / 2] : (v[m / 2] + v[m / 2 + 1]) / 2
            printf "%-44s %7.3f (%.3f-%.3f)   %s\n", name, med, v[1], v[m], target[name]
        }
    }'
