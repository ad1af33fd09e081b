#!/usr/bin/env bash
# Runs plan's whole test suite, installing what a fresh Debian machine lacks first.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-deps.sh

echo "== swift test" >&2
swift build --build-tests
swift test --skip-build "$@"
