#!/usr/bin/env bash
# Install with apt what a fresh machine lacks for `make test` (make, python3-venv, the
# system Chromium the browser tests drive, Redis for the cluster tests). Shared by the
# Makefile and .ci/run so that both set a machine up the same way. Where apt cannot be
# used (no apt-get, not root and no sudo), say in one line why and what to install.
set -euo pipefail

need=()
# `--browser-only` (the Makefile's): only the system Chromium the browser tests drive.
if [ "${1:-}" != "--browser-only" ]; then
    command -v make >/dev/null 2>&1 || need+=(make)
    # The Makefile builds the virtual environment with the system's python3 when there is one.
    python=$([ -x /usr/bin/python3 ] && echo /usr/bin/python3 || echo python3)
    "$python" -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
    command -v redis-server >/dev/null 2>&1 || need+=(redis-server)
fi
# The browser tests (tests/web) drive the system Chromium; never a downloaded browser.
[ -x "${TAKEOVER_CHROMIUM:-/usr/bin/chromium}" ] || need+=(chromium)
[ ${#need[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
    echo "cannot install ${need[*]}: no apt-get on this machine; install them, then run make test again" >&2
    exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true >/dev/null 2>&1; then
        sudo=(sudo -n)
    else
        echo "cannot install ${need[*]}: not root and no password-less sudo; run 'sudo apt-get install -y ${need[*]}', then make test again" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq "${need[@]}"
