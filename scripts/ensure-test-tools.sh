#!/usr/bin/env bash
# What the tests need from Debian: Chromium's headless shell for the browser tests and the full browser for
# Lighthouse (Playwright cannot download browsers here), redis-server for the shared rate limits and the
# several-process tests, HAProxy for the several-replica test, Varnish with its xkey module for the edge
# (`npm run edge` and its test), WebKitGTK and its media decoders for the webkit project, a Chinese font for the
# layout checks, Prometheus (and its promtool) for the alert rules' tests.
# Installs whichever is missing.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
command -v redis-server >/dev/null || missing+=(redis-server)
# Debian puts it in /usr/sbin, not on every user's PATH.
[ -x /usr/sbin/haproxy ] || command -v haproxy >/dev/null || missing+=(haproxy)
# The webkit project: WebKitGTK's WebDriver (with MiniBrowser) in a virtual screen.
command -v WebKitWebDriver >/dev/null || missing+=(webkit2gtk-driver)
command -v xvfb-run >/dev/null || missing+=(xvfb)
# WebKit plays media through GStreamer: its libav plugin decodes the seed's AAC and H.264, as every iPhone does.
dpkg -s gstreamer1.0-libav >/dev/null 2>&1 || missing+=(gstreamer1.0-libav)
# Chinese text laid out in a Chinese font, as on every phone: without one Chromium draws boxes of other widths and
# the layout checks (which parts of a card's meta give way) measure something no reader sees.
dpkg -s fonts-noto-cjk >/dev/null 2>&1 || missing+=(fonts-noto-cjk)
# promtool checks and unit-tests the alert rules; the prometheus server evaluates them against a running site.
command -v promtool >/dev/null || missing+=(prometheus)
# The edge's Varnish has its own script, which `npm run edge` runs too.
bash "$(dirname "$0")/../deploy/edge/install-varnish.sh"
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
bash "$(dirname "$0")/apt-install.sh" "the tests" "${missing[@]}"
