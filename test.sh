#!/usr/bin/env bash
# Set up (once) and run every check: ruff (lint and format), mypy, the import-linter contracts, and the test suite.
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/pytest ] || [ pyproject.toml -nt .venv/.installed ]; then
  "$PY" -m venv .venv
  .venv/bin/pip install -q --upgrade pip
  .venv/bin/pip install -q -e ".[test]"
  touch .venv/.installed
fi
export QT_QPA_PLATFORM=offscreen
echo "== ruff";        .venv/bin/ruff check .
echo "== ruff format"; .venv/bin/ruff format --check .
echo "== mypy";        .venv/bin/mypy
echo "== import-linter"; .venv/bin/lint-imports
# Two workers: much of the suite waits on child processes (the CLI, serve, Node), so two run
# side by side in about 60 % of the time on two cores. `./test.sh -n 0 …` runs in one process.
# The Open Design patch series (tests/upstream, minutes) is left out: `.ci/run` runs it as a step
# of its own (`./test.sh -m upstream tests/upstream` runs it here).
echo "== pytest";      .venv/bin/pytest -q -n auto --maxprocesses 2 -m "not upstream" "$@"
if [ "${CI:-}" = "true" ] && [ "$(id -u)" = "0" ]; then
  echo "== Secret Service (gnome-keyring in a private D-Bus session)"
  bash .ci/secret-service.sh .venv/bin/pytest -q -p no:cacheprovider tests/integration/test_secret_service.py
fi
