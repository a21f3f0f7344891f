# The instances of the site behind Varnish (deploy/varnish/README.md). A deployment replaces this
# file only; default.vcl includes it and sends every request to the director `origin`.
# tests/support/varnish.ts writes its own copy for the test's origin (same probe, faster).
vcl 4.1;

import directors;

# Readiness (decision 118): /readyz answers 503 while an instance stops or cannot reach its database,
# migrations or Redis. Two failed checks of the last three take an instance out; two good ones put it
# back. A fresh start counts as healthy (.initial = .threshold) so the first visitors are not refused.
probe readyz {
  .request =
    "GET /readyz HTTP/1.1"
    "Host: localhost"
    "User-Agent: varnish-probe"
    "Connection: close";
  .interval = 1s;
  .timeout = 1s;
  .window = 3;
  .threshold = 2;
  .initial = 2;
}

backend app1 {
  .host = "127.0.0.1";
  .port = "3001";
  .probe = readyz;
  .connect_timeout = 1s;
  .first_byte_timeout = 30s;
  .between_bytes_timeout = 10s;
}

backend app2 {
  .host = "127.0.0.1";
  .port = "3002";
  .probe = readyz;
  .connect_timeout = 1s;
  .first_byte_timeout = 30s;
  .between_bytes_timeout = 10s;
}

backend app3 {
  .host = "127.0.0.1";
  .port = "3003";
  .probe = readyz;
  .connect_timeout = 1s;
  .first_byte_timeout = 30s;
  .between_bytes_timeout = 10s;
}

sub vcl_init {
  new origin = directors.round_robin();
  origin.add_backend(app1);
  origin.add_backend(app2);
  origin.add_backend(app3);
}
