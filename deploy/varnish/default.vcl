# Varnish 7.1 (Debian's varnish + varnish-modules) in front of the site: keeps the public pages,
# passes everything private untouched. How to run it and what it does: deploy/varnish/README.md.
# The behaviour is proved against a small origin by tests/integration/varnish-vcl.test.ts.
vcl 4.1;

# The instances and the director `origin` (a deployment replaces backends.vcl only).
include "backends.vcl";

import std;
import xkey;

# Who may purge: the site's instances publish from the same machine or a private network.
acl purgers {
  "localhost";
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  # The builtin's Host rules first: lower case (one object per host), 400 for HTTP/1.1 without one.
  call vcl_req_host;
  set req.backend_hint = origin.backend();

  if (req.restarts == 0) {
    # Our own marks, never a client's.
    unset req.http.X-Vertice-Public;
    unset req.http.X-Vertice-AE;
    unset req.http.X-Vertice-Stale;
  }

  # PURGE / with `xkey: doc:plans-data page:main:/planos` (space-separated keys): a hard purge, so a
  # publish is seen at once by the next visitor (a soft purge would serve the old copy once more).
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(405, "Not allowed"));
    }
    # No header, or one without a key (an unset header matches as "").
    if (req.http.xkey !~ "[^\s,]") {
      return (synth(400, "An xkey header with the keys to purge is required"));
    }
    set req.http.X-Vertice-Purged = xkey.purge(req.http.xkey);
    return (synth(200, "Purged " + req.http.X-Vertice-Purged + " objects"));
  }

  # Private: passed untouched (cookies, Authorization and Set-Cookie kept, nothing stored).
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  if (req.http.Authorization) {
    return (pass);
  }
  if (req.http.host ~ "(?i)^admin\.") {
    return (pass);
  }
  # A signed-in customer's pages and a content preview are never shared.
  if (req.http.Cookie ~ "(^|;)\s*(session|preview)=") {
    return (pass);
  }
  if (req.url ~ "[?&]preview=") {
    return (pass);
  }
  # Sign-in, accounts, the portal, the admin, the data rights pages (with or without a language
  # prefix; `.data` is React Router's data request of the same page), a demonstration's booking
  # and its invitation's links (decision 138), the API (its public JSON
  # documents aside) and the data files.
  if (req.url ~ "^(/(pt|en|es))?/(login|logout|forgot-password|reset-password|user|dashboard|conta|admin|system|meus-dados|newsletter/cancelar|agendar|agenda)([/.?]|$)" ||
      req.url ~ "^(/(pt|en|es))?/convite/" ||
      (req.url ~ "^/api([/?]|$)" && req.url !~ "^/api/json/public/") ||
      req.url ~ "^/data/") {
    return (pass);
  }

  # Public from here on: the same for every anonymous visitor.
  set req.http.X-Vertice-Public = "1";

  # Campaign tags (decision 083: the site ignores them too) are dropped, so a tagged link is the
  # same object as the plain one. The look-behind keeps the separator in front of each tag.
  if (req.url ~ "\?") {
    set req.url = regsuball(req.url,
      "(?i)(?<=[?&])(utm_[^=&]*|gclid|fbclid|gbraid|wbraid|dclid|msclkid|ttclid|li_fat_id|igshid|mc_cid|mc_eid|_gl)(=[^&]*)?(&|$)",
      "");
    set req.url = regsub(req.url, "[?&]+$", "");
  }

  # Cookies never reach the origin for a public page: what an address answers depends on no cookie
  # (decision 122; the saved language choice takes the visitor to the prefixed address in the
  # browser).
  unset req.http.Cookie;

  # Accept-Encoding: one of "br, gzip", "br", "gzip" or none (a q of 0 refuses a coding). With
  # http_gzip_support (on), Varnish then rewrites it to "gzip" or nothing for the lookup and the
  # fetch, and ignores Accept-Encoding in Vary: so brotli is a separate object (vcl_hash) and its
  # fetch asks the origin for brotli again (vcl_backend_fetch). Gzip and plain clients share the
  # gzip object; Varnish unzips it for a client that does not take gzip.
  # (Once: after a restart the header is already Varnish's rewrite.)
  if (req.restarts == 0) {
    if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*br\s*(;\s*q\s*=\s*(1(\.0*)?|0\.[0-9]*[1-9][0-9]*)\s*)?(,|$)") {
      set req.http.X-Vertice-AE = "br";
    }
    if (req.http.Accept-Encoding ~ "(?i)(^|,)\s*(x-)?gzip\s*(;\s*q\s*=\s*(1(\.0*)?|0\.[0-9]*[1-9][0-9]*)\s*)?(,|$)") {
      if (req.http.X-Vertice-AE) {
        set req.http.Accept-Encoding = "br, gzip";
      } else {
        set req.http.Accept-Encoding = "gzip";
      }
    } elsif (req.http.X-Vertice-AE) {
      set req.http.Accept-Encoding = "br";
    } else {
      unset req.http.Accept-Encoding;
    }
  }

  # Grace: a page past its s-maxage is served while it is fetched again in the background for as
  # long as the origin's stale-while-revalidate (60 s); with no healthy instance, or after a failed
  # fetch (vcl_synth), for as long as its stale-if-error (the object's grace, 24 h).
  if (req.http.X-Vertice-Stale || !std.healthy(req.backend_hint)) {
    set req.grace = 24h;
  } else {
    set req.grace = 60s;
  }
  return (hash);
}

sub vcl_hash {
  # Brotli is its own object (Varnish's Vary ignores Accept-Encoding, see vcl_recv). Then the
  # builtin: the address and the host (one copy per segment subdomain).
  if (req.http.X-Vertice-AE == "br") {
    hash_data("br");
  }
}

sub vcl_miss {
  # The second look after a failed fetch (vcl_synth) found no stale copy: no second fetch.
  if (req.http.X-Vertice-Stale) {
    return (synth(503, "Service Unavailable"));
  }
}

sub vcl_backend_fetch {
  if (bereq.http.X-Vertice-AE == "br") {
    # Varnish asked for gzip only; the brotli object is fetched in brotli.
    set bereq.http.Accept-Encoding = "br, gzip";
  }
  unset bereq.http.X-Vertice-AE;
  unset bereq.http.X-Vertice-Public;
  unset bereq.http.X-Vertice-Stale;
}

sub vcl_backend_response {
  # Passed requests: the origin's answer as it is.
  if (bereq.uncacheable) {
    return (deliver);
  }
  # A failed answer never replaces a kept page: a background refresh is dropped (the stale copy
  # stays and is served); a foreground fetch is dropped too, and vcl_synth looks for a stale copy.
  if (beresp.status >= 500) {
    return (abandon);
  }
  # A public page never sets a cookie for whoever comes next: the header is removed (and logged),
  # the page kept. The site sends none on public pages (its page cache refuses such answers).
  if (beresp.http.Set-Cookie) {
    std.log("public answer with Set-Cookie, removed: " + bereq.url);
    unset beresp.http.Set-Cookie;
  }
  # s-maxage (or max-age) gives the ttl, stale-while-revalidate the grace (Varnish's own parsing);
  # stale-if-error, which Varnish does not read, widens the grace: the time a copy may still be
  # served while no instance answers.
  if (beresp.ttl > 0s && beresp.http.Cache-Control ~ "(?i)(^|[,\s])stale-if-error\s*=\s*[0-9]+") {
    set beresp.grace = std.duration(
      regsub(beresp.http.Cache-Control, "(?i)^.*(^|[,\s])stale-if-error\s*=\s*([0-9]+).*$", "\2") + "s",
      beresp.grace);
  }
  # Then the builtin: no-store, no-cache, private, ttl <= 0 or Vary: * become hit-for-miss.
}

sub vcl_backend_error {
  # No instance answered (all sick, refused, timed out): dropped like a 5xx (vcl_synth answers).
  return (abandon);
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The surrogate keys are for the caches, not the browser (as Fastly drops Surrogate-Key): about
  # 1.5 KB less on every answer. Varnish's own headers too; X-Cache and Age say what it did.
  unset resp.http.xkey;
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
  unset resp.http.X-Varnish;
  unset resp.http.Via;
}

sub vcl_synth {
  if (req.method == "PURGE") {
    set resp.http.Content-Type = "text/plain; charset=utf-8";
    set resp.http.Cache-Control = "no-store";
    set resp.body = resp.reason + {"
"};
    return (deliver);
  }
  if (resp.status == 503) {
    # stale-if-error: a public page whose fetch failed is looked up once more with the full grace.
    if (req.http.X-Vertice-Public && !req.http.X-Vertice-Stale && req.restarts == 0) {
      set req.http.X-Vertice-Stale = "1";
      return (restart);
    }
    set resp.http.Content-Type = "text/html; charset=utf-8";
    set resp.http.Cache-Control = "no-store";
    set resp.http.Retry-After = "5";
    set resp.body = {"<!doctype html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Vértice: indisponível</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem">
<h1>Vértice</h1>
<p>O site está temporariamente indisponível. Tente de novo em instantes.</p>
</body>
</html>
"};
    return (deliver);
  }
}
