#!/usr/bin/env bash
# Debian's Varnish and varnish-modules (for xkey, the purges by the site's page tags), installed when missing:
# `npm run edge` and the tests (scripts/ensure-test-tools.sh) both need them.
set -euo pipefail
missing=()
# Debian puts varnishd in /usr/sbin, not on every user's PATH.
[ -x /usr/sbin/varnishd ] || command -v varnishd >/dev/null || missing+=(varnish)
dpkg -s varnish-modules >/dev/null 2>&1 || missing+=(varnish-modules)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
bash "$(dirname "$0")/../../scripts/apt-install.sh" "the edge" "${missing[@]}"
