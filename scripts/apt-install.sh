#!/usr/bin/env bash
# Installs the Debian packages named, with sudo unless run as root: scripts/ensure-test-tools.sh and
# deploy/edge/install-varnish.sh give it what they found missing, with what it is for.
set -euo pipefail
for_what="$1"
shift
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
echo "Installing Debian's $* for ${for_what}…"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "$@"
