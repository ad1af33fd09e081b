#!/usr/bin/env bash
# Installs the official Model Context Protocol Python SDK (PyPI `mcp`, pinned) into a virtual environment in
# plan's cache, for the end-to-end tests of `plan mcp` (Tests/EndToEndTests/MCPClientTests.swift drives
# Tests/MCP/client.py with it).
#
# Usage:   eval "$(scripts/install-mcp.sh)"
# Stdout:  exactly one line, PLAN_MCP_PYTHON=<the venv's python>.
# Stderr:  progress. Exit status non-zero (with an ERROR line) on failure.
#
# Cache:   ${PLAN_CACHE:-$HOME/.cache/plan}/mcp-<version>/ (the venv, and a stamp once the SDK imports).
# First run: about half a minute (pip); later runs only check the stamp and the import (~0.5 s).
set -Eeuo pipefail

MCP_VERSION="2.3.0"
CACHE="${PLAN_CACHE:-$HOME/.cache/plan}"
VENV="$CACHE/mcp-$MCP_VERSION"
PYTHON="${PLAN_MCP_BASE_PYTHON:-python3}"

exec 3>&1 1>&2
log() { printf 'install-mcp: %s\n' "$*" >&2; }
die() { printf 'install-mcp: ERROR: %s\n' "$*" >&2; exit 1; }

command -v "$PYTHON" >/dev/null || die "$PYTHON is not installed (scripts/install-deps.sh installs python3)."
if [ -f "$VENV/stamp" ] && "$VENV/bin/python" -c "import mcp.client.stdio" 2>/dev/null; then
    log "mcp $MCP_VERSION is installed in $VENV"
else
    log "installing mcp==$MCP_VERSION into $VENV"
    rm -rf "$VENV"
    mkdir -p "$CACHE"
    "$PYTHON" -m venv "$VENV" || die "python3 -m venv failed (on Debian: apt-get install python3-venv)."
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "mcp==$MCP_VERSION" \
        || die "pip could not install mcp==$MCP_VERSION."
    "$VENV/bin/python" -c "import mcp.client.stdio" || die "mcp $MCP_VERSION installed but does not import."
    echo "$MCP_VERSION" >"$VENV/stamp"
fi
printf 'PLAN_MCP_PYTHON=%s\n' "$VENV/bin/python" >&3
