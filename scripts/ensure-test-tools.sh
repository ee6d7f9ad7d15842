#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download browsers here). Installs it when missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "Installing Debian's chromium for the browser tests…"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends chromium
