#!/usr/bin/env bash
# Generate seeded 1817 games of each title with `takeover selfplay` (every setup: player
# counts, optional rules, random and heuristic bots) and check every one in the
# reference engine with `takeover check-reference` (strict mode, action by action).
#
# Needs ruby, ENGINE18XX (a folder holding lib/ of github.com/tobymao/18xx) and
# TAKEOVER_18XX_REFERENCE (the folder with replay.rb and trace.rb).
#
#   scripts/check-1817-reference.sh [GAMES_PER_TITLE (200)] [OUT (a new temporary folder)]
#
# Environment: TAKEOVER (the command, default .venv/bin/takeover), JOBS (worker
# processes, default 2), SEED (first seed, default 1; setup k plays seeds SEED + 1000 k, ...).
set -euo pipefail
per_title=${1:-200}
out=${2:-$(mktemp -d -t takeover-1817-reference-XXXXXX)}
takeover=${TAKEOVER:-.venv/bin/takeover}
jobs=${JOBS:-2}
first_seed=${SEED:-1}
common=("" "short_squeeze,five_shorts" "modern_trains" "short_squeeze,five_shorts,modern_trains")

for title in 1817 1817NA 1817WO; do
  case $title in
    1817) counts=(3 4 5 6 7); options=("${common[@]}" "volatility" "volatility,short_squeeze,five_shorts,modern_trains") ;;
    1817NA) counts=(2 3 4 5 6); options=("${common[@]}") ;;
    1817WO) counts=(2 3 4 5); options=("${common[@]}") ;;
  esac
  setups=$(( ${#counts[@]} * ${#options[@]} ))
  games=$(( (per_title + setups - 1) / setups ))
  mkdir -p "$out/$title" "$out/logs"
  setup=0
  for n in "${counts[@]}"; do
    # odd player counts: random bots (who soon run out of money); even: heuristic bots
    # (whose games last, through mergers and late phases, to the final phase)
    players=$n
    if (( n % 2 == 0 )); then players="heuristic$(printf ',heuristic%.0s' $(seq 2 "$n"))"; fi
    for opts in "${options[@]}"; do
      # each setup its own seeds: the same seeds would play the same game until an option matters
      seed=$(( first_seed + 1000 * setup )); setup=$(( setup + 1 ))
      code=0
      "$takeover" selfplay --game 1817 --title "$title" --players "$players" ${opts:+--options "$opts"} \
        --games "$games" --seed "$seed" --jobs "$jobs" --out "$out/$title" \
        > "$out/logs/$title-${n}p-${opts:-plain}.json" || code=$?
      # 1: some games stopped early (listed in that summary; their records are checked too)
      if (( code > 1 )); then echo "selfplay failed ($code) for $title, $n players, options '$opts'" >&2; exit "$code"; fi
    done
  done
done
echo "games in $out" >&2
exec "$takeover" check-reference --jobs "$jobs" --json "$out/check.json" "$out/1817" "$out/1817NA" "$out/1817WO"
