#!/usr/bin/env bash
# Installs what the browser tests of `plan serve` drive: Debian's chromium and chromium-driver (apt), and
# Selenium (PyPI `selenium`, pinned) in a virtual environment in plan's cache
# (Tests/EndToEndTests/PhonePageTests.swift runs Tests/Web/phone.py with it).
#
# Usage:   eval "$(scripts/install-browser.sh)"
# Stdout:  exactly one line, PLAN_BROWSER_PYTHON=<the venv's python>.
# Stderr:  progress. Exit status non-zero (with an ERROR line) on failure.
#
# Cache:   ${PLAN_CACHE:-$HOME/.cache/plan}/selenium-<version>/ (the venv, and a stamp once Selenium imports).
# First run: a minute or two (apt's chromium, then pip); later runs only check the stamp and the import.
set -Eeuo pipefail

SELENIUM_VERSION="4.51.0"
CACHE="${PLAN_CACHE:-$HOME/.cache/plan}"
VENV="$CACHE/selenium-$SELENIUM_VERSION"
PYTHON="${PLAN_BROWSER_BASE_PYTHON:-python3}"

exec 3>&1 1>&2
log() { printf 'install-browser: %s\n' "$*" >&2; }
die() { printf 'install-browser: ERROR: %s\n' "$*" >&2; exit 1; }

need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v chromedriver >/dev/null 2>&1 || need+=(chromium-driver)
if [ "${#need[@]}" -gt 0 ]; then
    log "installing ${need[*]} (apt)"
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    # Wait for dpkg's lock (unattended upgrades on a fresh machine) rather than fail at once.
    $SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq || die "apt-get update failed."
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${need[@]}" >&2 \
        || die "apt-get could not install ${need[*]}."
fi

command -v "$PYTHON" >/dev/null || die "$PYTHON is not installed (scripts/install-deps.sh installs python3)."
if [ -f "$VENV/stamp" ] && "$VENV/bin/python" -c "import selenium.webdriver" 2>/dev/null; then
    log "selenium $SELENIUM_VERSION is installed in $VENV"
else
    log "installing selenium==$SELENIUM_VERSION into $VENV"
    rm -rf "$VENV"
    mkdir -p "$CACHE"
    "$PYTHON" -m venv "$VENV" || die "python3 -m venv failed (on Debian: apt-get install python3-venv)."
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check "selenium==$SELENIUM_VERSION" \
        || die "pip could not install selenium==$SELENIUM_VERSION."
    "$VENV/bin/python" -c "import selenium.webdriver" || die "selenium $SELENIUM_VERSION installed but does not import."
    echo "$SELENIUM_VERSION" >"$VENV/stamp"
fi
printf 'PLAN_BROWSER_PYTHON=%s\n' "$VENV/bin/python" >&3
