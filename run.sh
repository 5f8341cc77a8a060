#!/usr/bin/env bash
# Set up (once) and start Creative Memory Studio on its embedded default store.
set -euo pipefail
cd "$(dirname "$0")"
PY=${PYTHON:-python3}
if [ ! -x .venv/bin/creative-memory ]; then
  "$PY" -m venv .venv
  .venv/bin/pip install -q --upgrade pip
  .venv/bin/pip install -q -e .
fi
exec .venv/bin/creative-memory "$@"
