vcl 4.1;
# The edge in front of the site's replicas (docs/deploy.md, "The edge"). scripts/edge.mjs fills the {{…}} parts from
# EDGE_BACKENDS, EDGE_PURGE_ADDRESSES and EDGE_PURGE_KEY. How long an answer is kept comes from the site's own
# Cache-Control (s-maxage, stale-while-revalidate, stale-if-error); nothing here names a page or a lifetime.

import std;
import directors;
import xkey;

probe ready {
  .request = "GET /davmu/share/readyz HTTP/1.1" "Host: localhost" "Connection: close";
  .interval = 1s;
  .timeout = 1s;
  .window = 3;
  .threshold = 2;
  .initial = 2;
}

{{BACKENDS}}

acl purgers {
{{PURGE_ADDRESSES}}
}

sub vcl_init {
  new replicas = directors.round_robin();
{{DIRECTOR}}
}

sub vcl_recv {
  set req.backend_hint = replicas.backend();
  if (req.method == "PURGE") {
    if (client.ip !~ purgers{{PURGE_KEY_CHECK}}) {
      return (synth(403, "Forbidden"));
    }
    if (!req.http.Surrogate-Key) {
      return (synth(400, "Surrogate-Key required"));
    }
    # A hard purge: a page a visitor just wrote to must not be served stale once more.
    return (synth(200, "Purged " + xkey.purge(req.http.Surrogate-Key)));
  }
  if (req.restarts == 0) {
    # Ours to set, never the client's.
    unset req.http.X-Page-Variant;
    unset req.http.X-Edge-Step;
    unset req.http.X-Edge-Url;
    unset req.http.X-Edge-Stale;
    unset req.http.Surrogate-Key;
  }
  # Writes and logged-in visitors go to a replica as they came, cookies and all.
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.http.Cookie ~ "(^|;\s*)__share=") {
    return (pass);
  }
  # The site's resource routes are never stored (no shared lifetime): they go as they came, so a reader's identity
  # cookie (__reader) reaches the site and their calls are theirs. On pages it goes with the other cookies below.
  if (req.url ~ "^/davmu/share/(zh-Hant/)?api/") {
    return (pass);
  }
  # The one cookie an anonymous page depends on: the locale cookie naming zh-Hant sends an unprefixed page to its
  # zh-Hant address (app/lib/languages.ts). It is kept alone, so it is part of the key; every other cookie goes.
  if (req.http.Cookie ~ "(^|;\s*)i18n_redirected=zh-Hant(;|$)") {
    set req.http.Cookie = "i18n_redirected=zh-Hant";
  } else {
    unset req.http.Cookie;
  }
  if (!req.http.X-Page-Variant) {
    # The device class is the site's to say (server/page-cache/edge-variant.ts): asked once per user agent, kept as
    # the site says, then this request starts again with it.
    set req.http.X-Edge-Url = req.url;
    set req.url = "/davmu/share/edge-variant";
    set req.http.X-Edge-Step = "variant";
    return (hash);
  }
  if (req.http.X-Edge-Stale == "refresh") {
    # Past the answer's stale-while-revalidate while a replica is up: wait for a new one (vcl_hit).
    set req.grace = 0s;
  }
  return (hash);
}

sub vcl_hash {
  hash_data(req.url);
  hash_data(req.http.Host);
  if (req.http.X-Edge-Step == "variant") {
    hash_data(req.http.User-Agent);
  } else {
    hash_data(req.http.X-Page-Variant);
    hash_data(req.http.Cookie);
  }
  return (lookup);
}

sub vcl_hit {
  # Grace covers stale-if-error (vcl_backend_response); with a replica up, only stale-while-revalidate is served stale.
  if (obj.ttl < 0s && !req.http.X-Edge-Stale && std.healthy(req.backend_hint)
      && obj.ttl + std.duration(obj.http.X-Edge-Revalidate, 0s) < 0s) {
    set req.http.X-Edge-Stale = "refresh";
    return (restart);
  }
}

sub vcl_backend_fetch {
  if (bereq.http.X-Edge-Step == "variant") {
    # The variant answer depends on the user agent alone.
    unset bereq.http.Cookie;
  }
  unset bereq.http.X-Edge-Step;
  unset bereq.http.X-Edge-Url;
}

sub vcl_backend_response {
  if (beresp.status >= 500 && (bereq.is_bgfetch || bereq.http.X-Edge-Stale == "refresh")) {
    # A failed refresh leaves the stored answer in place, for stale-if-error (vcl_synth).
    return (abandon);
  }
  # Stored only when the site gave the answer a lifetime of its own and nothing of one visitor (varnishd's default
  # lifetime applies to answers that name none, such as the event streams: those are not stored either).
  if (beresp.http.Set-Cookie || bereq.uncacheable || beresp.ttl <= 0s
      || beresp.http.Cache-Control ~ "(^|[\s,])(private|no-store|no-cache)([\s,=]|$)"
      || beresp.http.Cache-Control !~ "(^|[\s,])(s-maxage|max-age)=\d") {
    # A short hit-for-miss, so the next burst is coalesced again soon.
    set beresp.uncacheable = true;
    set beresp.ttl = 1s;
    return (deliver);
  }
  set beresp.http.X-Edge-Revalidate = regsub(beresp.http.Cache-Control, "^.*stale-while-revalidate=(\d+).*$", "\1s");
  set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "^.*stale-if-error=(\d+).*$", "\1s"), 0s);
  if (beresp.grace < std.duration(beresp.http.X-Edge-Revalidate, 0s)) {
    set beresp.grace = std.duration(beresp.http.X-Edge-Revalidate, 0s);
  }
  # The key holds the device class and the locale cookie: the site's Vary on them is met by it.
  set beresp.http.X-Edge-Vary = beresp.http.Vary;
  set beresp.http.Vary = "Accept-Encoding";
  # xkey reads its own header; the site names the page's tags as CDNs do.
  set beresp.http.xkey = beresp.http.Surrogate-Key;
  return (deliver);
}

sub vcl_deliver {
  if (req.http.X-Edge-Step == "variant") {
    if (!resp.http.X-Page-Variant) {
      # No replica answered, and no answer for this user agent is kept.
      return (synth(503, "No replica"));
    }
    set req.http.X-Page-Variant = resp.http.X-Page-Variant;
    set req.url = req.http.X-Edge-Url;
    unset req.http.X-Edge-Step;
    unset req.http.X-Edge-Url;
    return (restart);
  }
  if (resp.status >= 500 && req.http.X-Edge-Stale == "refresh") {
    # No replica answered the refresh: the stored answer stands in while it may (stale-if-error).
    set req.http.X-Edge-Stale = "on-error";
    return (restart);
  }
  if (resp.http.X-Edge-Vary) {
    set resp.http.Vary = resp.http.X-Edge-Vary;
  }
  unset resp.http.X-Edge-Vary;
  unset resp.http.X-Edge-Revalidate;
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  if (obj.hits > 0) {
    set resp.http.X-Edge-Cache = "HIT";
  } else {
    set resp.http.X-Edge-Cache = "MISS";
  }
}

sub vcl_synth {
  if (resp.status == 503 && req.http.X-Edge-Stale == "refresh") {
    # An abandoned refresh (vcl_backend_response): the stored answer stands in.
    set req.http.X-Edge-Stale = "on-error";
    return (restart);
  }
}
