import path from "node:path";
import { refusalWording } from "@domain/refusals.ts";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { AppLoadContext, ServerBuild } from "react-router";
import { consentEndpoint } from "./consent/http.ts";
import type { AppServices } from "./context.ts";
import { DomainError } from "./domain-errors.ts";
import { ANSWERED_BY, asLayer } from "./http/answering-layer.ts";
import { bodyLimitFor, bodyTooLargeMessageFor, isTicketUploadPath } from "./http/api.ts";
import { isCrossSiteCookieWrite } from "./http/csrf.ts";
import { errorHtml } from "./http/error-page.ts";
import { messages } from "./http/errors.ts";
import { funnelBeacon } from "./http/funnel-beacon.ts";
import { ANSWER_GZIP_LEVEL } from "./http/gzip-level.ts";
import { instanceChecks, readiness } from "./http/health.ts";
import { islandPages } from "./http/island-pages.ts";
import { islandManifest } from "./http/islands.ts";
import { jiraWebhook } from "./http/jira-webhook.ts";
import { buildUnder, byLanguagePrefix } from "./http/language-routes.ts";
import { formChallenge, leadIntake } from "./http/lead-intake.ts";
import { newsletterUnsubscribe } from "./http/newsletter-unsubscribe.ts";
import { previewContextOf, previewRequests, servicesFor } from "./http/preview.ts";
import {
  API_WRITE_LIMIT_PER_MINUTE,
  FUNNEL_LIMIT_PER_MINUTE,
  normalisePath,
  perMinuteLimit,
  writeBucket,
} from "./http/rate-limit.ts";
import { renderQueue } from "./http/render-queue.ts";
import { requestInfo } from "./http/request-info.ts";
import { resourceRoutes } from "./http/resource-routes.ts";
import { precompressedAssets, publicFiles } from "./http/static-assets.ts";
import { requestForLog } from "./logger.ts";
import { clientBuildDir, devIslandsDir } from "./paths.ts";

export interface AppOptions {
  /** The React Router build: imported from build/ in production, from Vite in development. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Development: Vite's middlewares (assets, HMR) instead of the built client folder. */
  devMiddleware?: RequestHandler;
}

/** The Express application: security headers, logs, static assets, health, then React Router. */
export function createApp(services: AppServices, options: AppOptions): express.Express {
  const { config, logger } = services;
  const app = express();
  app.disable("x-powered-by");
  // Which layer answered (docs/request-path.md): Express's own endpoints unless a later one does.
  const layers = config.ANSWER_LAYER_HEADER || Boolean(options.devMiddleware);
  if (layers) {
    app.use((_req, res, next) => {
      res.setHeader(ANSWERED_BY, "express");
      next();
    });
  }
  // Behind a load balancer the client address and protocol come from X-Forwarded-*, from the proxies
  // TRUST_PROXY names (default: loopback). Rate limits and page actions' origin check depend on it.
  app.set("trust proxy", config.TRUST_PROXY);

  app.use(
    pinoHttp({
      logger,
      autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
      // A reset link carries its token in the query (and in the Referer of what its page loads).
      serializers: { req: requestForLog },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    }),
  );

  // Every page is built from the Host header: one that is no valid address is refused here.
  app.use((req, res, next) => {
    if (URL.canParse(`http://${req.headers.host ?? ""}/`) && req.headers.host) return next();
    if (req.path.startsWith("/api/")) res.status(400).json({ message: messages.invalidHost });
    else res.status(400).type("html").send(errorHtml(400, messages.invalidHost));
  });

  app.use(
    helmet({
      // Pages get a stricter policy with script hashes from app/entry.server.tsx; this one covers
      // everything else (JSON, assets) and is the fallback. Vite's dev server needs inline scripts.
      contentSecurityPolicy: config.isProduction
        ? {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'", "'unsafe-inline'"],
              imgSrc: ["'self'", "data:", "blob:"],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              frameSrc: ["'self'", "https://www.youtube-nocookie.com", "https://player.vimeo.com"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              formAction: ["'self'"],
              frameAncestors: ["'self'"],
              upgradeInsecureRequests: config.publicBaseUrl.startsWith("https:") ? [] : null,
            },
          }
        : false,
      strictTransportSecurity: config.publicBaseUrl.startsWith("https:"),
      // "no-referrer" makes browsers send Origin: null on form posts, which React Router refuses as
      // cross-site; the origin alone is still sent to other sites, never the full address.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(compression({ level: ANSWER_GZIP_LEVEL }));

  // Liveness and readiness (decision 118): alive is the process answering; ready is its database,
  // migrations and Redis answering. While stopping, server.ts answers /readyz with 503 first.
  app.get("/healthz", (_req, res) => {
    res.status(200).json({ status: "ok" });
  });
  const checks = instanceChecks(services.database, services.redis);
  app.get("/readyz", async (_req, res) => {
    const answer = await readiness(checks);
    if (!answer.ready) logger.warn({ checks: answer.body.checks }, "not ready");
    res
      .status(answer.ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json({ ...answer.body, database: services.database.kind });
  });

  if (options.devMiddleware) {
    // The islands' watch build (server/dev-islands.ts).
    app.use("/assets", express.static(path.join(devIslandsDir, "assets"), { maxAge: 0 }));
    app.use(options.devMiddleware);
  } else {
    // Hashed file names never change content: cache them for a year.
    app.use("/assets", precompressedAssets(`${clientBuildDir}/assets`));
    app.use(
      "/assets",
      express.static(`${clientBuildDir}/assets`, { immutable: true, maxAge: "1y", fallthrough: false }),
    );
    app.use(publicFiles(clientBuildDir, { maxAge: "1h", skip: "/assets" }));
  }
  app.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));
  // Uploaded images: the name is the content's hash, so a name never changes content.
  app.get("/uploads/:name", async (req, res, next) => {
    try {
      const image = await services.uploads.read(req.params.name);
      if (!image) {
        res.status(404).type("text/plain").send(messages.notFound);
        return;
      }
      const etag = `"${req.params.name}"`;
      res.set({ "Cache-Control": "public, max-age=31536000, immutable", ETag: etag });
      if (req.headers["if-none-match"] === etag) res.status(304).end();
      else res.type(image.type).send(image.bytes);
    } catch (error) {
      // The object store is down (logged where it failed): a 503 nobody caches, not a 404 a CDN keeps.
      if (DomainError.is(error, "unavailable")) {
        res
          .status(503)
          .set({ "Cache-Control": "no-store", "Retry-After": "30" })
          .type("text/plain")
          .send(error.message);
        return;
      }
      next(error);
    }
  });

  // Form submissions, as JSON or as plain form posts to a page (works without JavaScript), are
  // limited per IP (FORM_RATE_LIMIT_PER_MINUTE).
  const formLimit = perMinuteLimit({
    limit: config.FORM_RATE_LIMIT_PER_MINUTE,
    name: "forms",
    redis: services.redis,
    redisPrefix: config.REDIS_KEY_PREFIX,
    logger,
  });
  // Sign-in is limited per IP here and per e-mail in the auth service (LOGIN_RATE_LIMIT_PER_MINUTE).
  const loginLimit = perMinuteLimit({
    limit: config.LOGIN_RATE_LIMIT_PER_MINUTE,
    name: "login",
    redis: services.redis,
    redisPrefix: config.REDIS_KEY_PREFIX,
    logger,
    message: refusalWording("pt", "auth.tooManyAttempts"),
  });
  const apiWriteLimit = perMinuteLimit({
    limit: API_WRITE_LIMIT_PER_MINUTE,
    name: "api",
    redis: services.redis,
    redisPrefix: config.REDIS_KEY_PREFIX,
    logger,
  });
  // The funnel's beacon (decision 104): its own count, so its batches never use up the forms'.
  const funnelLimit = perMinuteLimit({
    limit: FUNNEL_LIMIT_PER_MINUTE,
    name: "funnel",
    redis: services.redis,
    redisPrefix: config.REDIS_KEY_PREFIX,
    logger,
  });
  const limits = { login: loginLimit, forms: formLimit, api: apiWriteLimit, funnel: funnelLimit };
  // Every request but GET and HEAD counts, whatever its method and spelling of the path: React
  // Router runs a page's action for PUT, PATCH and DELETE too, and matches /LOGIN and /login/.
  app.use((req, res, next) => {
    const bucket = writeBucket(req.method, req.path);
    if (!bucket) return next();
    limits[bucket](req, res, (error?: unknown) => {
      if (error) return next(error);
      // Pages take form posts only; the API routes answer other methods themselves.
      if (req.method !== "POST" && !normalisePath(req.path).startsWith("/api/")) {
        res.setHeader("Allow", "GET, HEAD, POST");
        res.status(405).type("html").send(errorHtml(405, messages.methodNotAllowed));
        return;
      }
      next();
    });
  });

  // CSRF: an API write authenticated by the session cookie must come from this site. Browsers send
  // Origin (and Sec-Fetch-Site) with every such request; another site's page, whose form or fetch
  // carries the visitor's cookie, is refused. Bearer tokens are not sent by browsers on their own.
  app.use((req, res, next) => {
    if (!isCrossSiteCookieWrite(req, config.publicBaseUrl)) return next();
    res.status(403).json({ message: messages.crossSite });
  });

  // Refuse oversized bodies before anything reads them. API handlers also count the bytes they
  // read; page actions read the whole body, so a page post must declare its length.
  app.use((req, res, next) => {
    const declared = req.headers["content-length"];
    if (
      declared === undefined &&
      req.headers["transfer-encoding"] !== undefined &&
      !req.path.startsWith("/api/")
    ) {
      res.status(411).type("html").send(errorHtml(411, messages.lengthRequired));
      return;
    }
    if (Number(declared ?? 0) > bodyLimitFor(req.path)) {
      if (!req.path.startsWith("/api/")) {
        res
          .status(413)
          .type("html")
          .send(errorHtml(413, bodyTooLargeMessageFor(req.path)));
        return;
      }
      res.status(413).json({ message: bodyTooLargeMessageFor(req.path) });
      return;
    }
    next();
  });

  // A page takes form posts only (its <Form>s send URL-encoded fields, with or without JavaScript):
  // any other body would fail while the action reads it, as a 500. The support ticket forms alone
  // send files, as multipart/form-data (their larger body limit is in bodyLimitFor).
  app.use((req, res, next) => {
    if (req.method !== "POST" || req.path.startsWith("/api/")) return next();
    const type = (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
    if (type === "application/x-www-form-urlencoded") return next();
    if (type === "multipart/form-data" && isTicketUploadPath(req.path)) return next();
    res.status(415).type("html").send(errorHtml(415, messages.formPostOnly));
  });

  // Pages carry their own policy with the hashes of their inline scripts (app/entry.server.tsx);
  // two policies would both apply, so the generic one is withdrawn for everything but the API.
  app.use((req, res, next) => {
    if (!req.path.startsWith("/api/")) res.removeHeader("Content-Security-Policy");
    next();
  });

  // Lead intake is answered here, not by React Router (decision 088), behind the checks above; so
  // are the funnel's beacon (decision 104) and Jira's webhooks, whose signature is over the raw body.
  app.use(leadIntake(services));
  app.use(formChallenge(services));
  app.use(funnelBeacon(services));
  app.use(consentEndpoint(services));
  app.use(jiraWebhook(services));
  // The newsletter's one-click unsubscribe (RFC 8058), posted by mail clients with a signed token.
  app.use(newsletterUnsubscribe(services));

  // Pages render a few at a time (the page cache answered the cached ones before Express). The
  // queue is on app.locals so its length can be read: tests/integration/page-rendering.test.ts does.
  const pageRenders = renderQueue();
  app.locals.renderQueue = pageRenders;
  app.use(pageRenders);
  // Preview links render public pages with a draft (decision 100), never cached.
  app.use(previewRequests(services));

  // Public pages are island pages in development too (decision 114): its watch build rewrites the
  // manifest, read again when it changes.
  const islands = () => islandManifest({ development: Boolean(options.devMiddleware) });
  const loadContextOf = (req: express.Request, res: express.Response): AppLoadContext => ({
    services: servicesFor(services, res.locals),
    request: requestInfo(req, services.domains, config.isProduction),
    page: services.pageCache.slotFor(req),
    preview: previewContextOf(res.locals),
    islands: islands(),
  });
  // The routes without a page (API, feeds, sitemap, downloads) answered without React Router's
  // request pipeline (decision 109), in production.
  if (typeof options.build !== "function")
    app.use(asLayer("resource-route", resourceRoutes(options.build, loadContextOf), layers));
  // Island pages too (decisions 108, 114), over Vite's build of the moment in development.
  if (islands()) app.use(asLayer("island-page", islandPages(options.build, loadContextOf), layers));
  // One route table; each language prefix is the same table under a basename (decision 109).
  const reactRouter = (build: AppOptions["build"]) =>
    createRequestHandler({
      build,
      mode: config.isProduction ? "production" : "development",
      getLoadContext: loadContextOf,
    });
  app.use(
    asLayer(
      "react-router",
      byLanguagePrefix(reactRouter(options.build), (basename) =>
        reactRouter(buildUnder(options.build, basename)),
      ),
      layers,
    ),
  );

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    const status =
      typeof error?.status === "number" && error.status >= 400 && error.status < 600 ? error.status : 500;
    if (status >= 500) req.log?.error({ err: error }, "request failed");
    if (res.headersSent) {
      res.end();
      return;
    }
    if (req.path.startsWith("/api/")) {
      res.status(status).json({
        message:
          status === 404 ? messages.notFound : status >= 500 ? messages.internal : messages.invalidParameters,
      });
      return;
    }
    res.status(status).type("html").send(errorHtml(status));
  };
  app.use(onError);
  return app;
}
