#!/usr/bin/env bash
# The tests that know what "today" is, run on a faked clock (libfaketime, Debian's faketime)
# that starts 30 s before midnight and 30 s before the café's day ends (04:00), so each run
# crosses the edge: a test that took "today" from the wall clock at import, or that plays a
# match on one day and reads it on another, fails here. Time still runs on from the start.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-.venv/bin/python}"
TESTS=(
    tests/history
    tests/kiosk/test_day_lost_on_time.py
    tests/web/test_names_page.py
    tests/web/test_scoreboard_fits.py
    tests/web/test_history_page.py
    tests/web/test_history_csv.py
    tests/web/test_player_pages.py
    tests/link/test_fleet_champions.py
    tests/link/test_fleet_lost_on_time.py
)
day="$(date +%F)"
next="$(date -d tomorrow +%F)"
for start in "$day 23:59:30" "$next 03:59:30"; do
    echo "== the day-edge tests from $start"
    # the failures by name (-rf), then the count
    faketime -f "@$start" "$PYTHON" -m pytest -p no:randomly -rf "${TESTS[@]}" \
        | grep -E '^(FAILED|ERROR) |[0-9]+ (passed|failed)'
    [ "${PIPESTATUS[0]}" -eq 0 ]
done
