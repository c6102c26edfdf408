#!/usr/bin/env bash
# Makes the puzzle suites with `leapfrog puzzle make`: for each board and
# stage, so many puzzles of each grade; then each suite easiest first
# (stable, so that within a grade the boards go from small to large).
# Run from the repository root: bash examples/make-puzzles.sh
# (`leapfrog verify` checks the suites; `leapfrog puzzle players` checks
# their grades.)
set -euo pipefail
bin=$(mktemp -d)/leapfrog
go build -o "$bin" ./cmd/leapfrog

# part GAME-ARGS EASY MEDIUM HARD: that many puzzles of each grade.
part() {
  local args=$1
  shift
  local grade
  for grade in easy medium hard; do
    local n=$1
    shift
    [ "$n" -gt 0 ] || continue
    # shellcheck disable=SC2086
    "$bin" puzzle make $args --difficulty "$grade" --count "$n" --tries 4000 --max-nodes 50000000 -q
  done
}

# easiest reads a suite on standard input and writes it easiest first.
easiest() {
  awk '{ g = 3 } /c "easy/ { g = 0 } /c "medium/ { g = 1 } /c "hard/ { g = 2 } { print g "\t" $0 }' |
    sort -s -n -k1,1 | cut -f2-
}

suite() { # OUT PARTS...: each part "GAME-ARGS|EASY|MEDIUM|HARD"
  local out=$1
  shift
  {
    echo "// Made by examples/make-puzzles.sh (leapfrog puzzle make) and checked by"
    echo "// leapfrog verify: each record's bm is the only best move; value, dist and pv"
    echo "// are exact; the comment gives the grade and why. Easiest first."
    local cfg
    for cfg in "$@"; do
      IFS='|' read -r args e m h <<< "$cfg"
      part "$args" "$e" "$m" "$h"
    done | easiest
  } > "$out.tmp"
  mv "$out.tmp" "$out"
}

suite examples/froglet-puzzles.txt \
  "froglet --size 4x4 --plies 2|4|4|0" \
  "froglet --size 5x5 --plies 6|4|4|4" \
  "froglet --size 6x6 --plies 16|4|4|4" \
  "froglet --size 6x6 --plies 8|2|2|2" \
  "froglet --size 8x8 --plies 36|3|3|3" \
  "froglet --size 12x12 --pieces 36|2|2|2"

suite examples/hupfer-puzzles.txt \
  "hupfer --size 4 --supply 4 --plies 3|3|3|0" \
  "hupfer --size 5 --supply 4 --plies 6|4|4|7" \
  "hupfer --size 6 --supply 4 --plies 6|4|4|4" \
  "hupfer --size 6 --supply 6 --plies 10|3|3|3" \
  "hupfer --size 8 --supply 4 --plies 8|3|3|0" \
  "hupfer --size 5 --supply 8 --plies 12|2|2|2"
