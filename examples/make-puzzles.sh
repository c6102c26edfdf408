#!/usr/bin/env bash
# Makes the puzzle suites from random positions: `leapfrog new ... --random-plies`
# draws a position, `leapfrog export` solves it, and a position is kept when it has
# two or more legal moves, solves within the time limit and has exactly one best
# move. Run from the repository root: bash examples/make-puzzles.sh
# (The suites in this folder were made by it; `leapfrog verify` checks them.)
set -euo pipefail
lf="go run ./cmd/leapfrog"
$lf --help >/dev/null # build once
bin=$(mktemp -d)/leapfrog
go build -o "$bin" ./cmd/leapfrog
lf=$bin

# try GAME-ARGS PLIES SEED ID: prints the exported record if it makes a puzzle.
try() {
  local args=$1 plies=$2 seed=$3 id=$4
  touch "$out.tmp"
  local pos
  pos=$($lf new $args --seed "$seed" --random-plies "$plies" 2>/dev/null) || return 0
  local n
  n=$($lf moves "$pos" --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["moves"]))')
  [ "$n" -ge 2 ] || return 0
  local rec
  rec=$($lf export "$pos; id \"$id\";" --timeout 20s --quiet 2>/dev/null) || return 0
  # One best move, and a position not in the suite yet.
  if echo "$rec" | grep -Eq '; bm [^ ;]+;' && ! grep -qF "${rec%%;*};" "$out.tmp"; then echo "$rec"; fi
}

suite() { # OUT WANT CONFIG...: CONFIG is "ARGS|PLIES|NAME"
  local out=$1 want=$2; shift 2
  : > "$out.tmp"
  local seed=1
  while [ "$(wc -l < "$out.tmp")" -lt "$want" ] && [ $seed -le 400 ]; do
    for cfg in "$@"; do
      IFS='|' read -r args plies name <<< "$cfg"
      out=$out try "$args" "$plies" "$seed" "$name seed $seed" >> "$out.tmp"
    done
    seed=$((seed + 1))
  done
  { echo "// Made by examples/make-puzzles.sh and checked by leapfrog verify: each"
    echo "// record's bm is the only best move; value, dist and pv are exact."
    cat "$out.tmp"; } > "$out"
  rm "$out.tmp"
}

suite examples/froglet-puzzles.txt 30 \
  "froglet --size 4x4|2|4x4" \
  "froglet --size 5x5|6|5x5" \
  "froglet --size 6x6|16|6x6" \
  "froglet --size 8x8|36|8x8" \
  "froglet --size 12x12|70|12x12 endgame" \
  "froglet --size 12x12|78|12x12 endgame"

suite examples/hupfer-puzzles.txt 30 \
  "hupfer --size 4 --supply 4|3|4x4" \
  "hupfer --size 5 --supply 4|6|5x5" \
  "hupfer --size 6 --supply 4|6|6x6 supply 4" \
  "hupfer --size 6 --supply 6|10|6x6 supply 6" \
  "hupfer --size 8 --supply 4|8|8x8 supply 4" \
  "hupfer --size 8 --supply 6|12|8x8 supply 6"
