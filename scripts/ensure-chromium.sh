#!/usr/bin/env bash
# Browser tests drive Debian's Chromium. Install it when missing (as root), or fail clearly: never skip.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$CHROMIUM" ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Chromium is missing: installing Debian's chromium package (about 90 s)..."
  apt-get update -qq
  # The emoji font makes the README screenshot (taken by the browser tests) look as members see it.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "ERROR: Chromium is required for the browser tests and is not installed at $CHROMIUM." >&2
echo "Install it with: sudo apt-get install -y chromium   (or set CHROMIUM_PATH)" >&2
exit 1
