import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { FORM_PATHS, MULTI_STEP_PATHS } from "../domain/forms/form-paths.ts";
import { adminScreens } from "./admin/screens.ts";
import { PORTAL_SCREENS } from "./portal/screens.ts";

/**
 * The route table (spec A §2, B §2.1): one, for every language. The prefixed addresses (/pt, /en,
 * /es) are the same routes under a basename (server/http/language-routes.ts, decision 109).
 */
const formRoute = (path: string) =>
  route(path, "routes/lead-form.tsx", { id: `form${path.replace(/[/:]/g, "-")}` });

const publicPages = [
  index("routes/home.tsx", { id: "home" }),
  ...MULTI_STEP_PATHS.map((path) => formRoute(path.slice(1))),
  route("planos", "routes/plans.tsx", { id: "planos" }),
  ...FORM_PATHS.contato.map((path) => route(path.slice(1), "routes/contact.tsx", { id: path.slice(1) })),
  route("newsletter", "routes/newsletter.tsx", { id: "newsletter" }),
  // The welcome e-mail's unsubscribe link: confirmed with a button (decision 102).
  route("newsletter/cancelar", "routes/newsletter-unsubscribe.tsx", { id: "newsletter-cancelar" }),
  // A visitor's copy of their leads, by a confirmation link sent to their e-mail (decision 111).
  route("meus-dados", "routes/my-data.tsx", { id: "meus-dados" }),
  route("meus-dados/confirmar", "routes/my-data-confirm.tsx", { id: "meus-dados-confirmar" }),
  // A demonstration booked after the form (decision 138): the slots without JavaScript, and the
  // invitation's link to reschedule or cancel it.
  route("agendar", "routes/booking.tsx", { id: "agendar" }),
  route("agenda/:meetingId", "routes/booking-manage.tsx", { id: "agenda" }),
  route("blog", "routes/blog.tsx", { id: "blog" }),
  route("blog/rss.xml", "routes/blog-rss.ts", { id: "blog-rss" }),
  route("blog/:slug", "routes/blog-post.tsx", { id: "blog-post" }),
  route("login", "routes/login.tsx", { id: "login" }),
  route("forgot-password", "routes/forgot-password.tsx", { id: "forgot-password" }),
  route("reset-password", "routes/reset-password.tsx", { id: "reset-password" }),
];

export default [
  // JSON API (thin resource routes). Unknown /api paths answer 404 JSON, never a page.
  route("api/json/public/:docname", "routes/api/json-public.ts"),
  route("api/cache", "routes/api/cache.ts"),
  // POST /api/leads is answered by Express before React Router (server/http/lead-intake.ts).
  route("api/auth/login", "routes/api/auth-login.ts"),
  route("api/auth/logout", "routes/api/auth-logout.ts"),
  route("api/users/profile", "routes/api/users-profile.ts"),
  route("api/json/user-dashboard", "routes/api/user-dashboard.ts"),
  route("api/json/plans-data", "routes/api/plans-data.ts"),
  // The admin content API (B §7.5): admins only, checked in each module.
  route("api/json/files", "routes/api/json-files.ts"),
  route("api/json/bulk", "routes/api/json-bulk.ts"),
  route("api/json/analyze-structure/:filename", "routes/api/json-structure.ts"),
  route("api/json/:docname", "routes/api/json-document.ts"),
  // The editorial workflow (decision 100): drafts, publishing, schedules and preview links.
  route("api/json/:docname/draft", "routes/api/json-draft.ts"),
  route("api/json/:docname/publish", "routes/api/json-publish.ts"),
  route("api/json/:docname/schedule", "routes/api/json-schedule.ts"),
  route("api/json/:docname/preview", "routes/api/json-preview.ts"),
  route("api/content-schedules", "routes/api/content-schedules.ts", { id: "content-schedules" }),
  route("api/content-schedules/:id", "routes/api/content-schedules.ts", { id: "content-schedule" }),
  route("api/json/:docname/revisions", "routes/api/json-revisions.ts", { id: "json-revisions" }),
  route("api/json/:docname/revisions/:version", "routes/api/json-revisions.ts", { id: "json-revision" }),
  route("api/cache/:key", "routes/api/cache-key.ts"),
  route("api/uploads", "routes/api/uploads.ts"),
  route("api/media", "routes/api/media.ts"),
  // The vendor's platform reports a company's integrations (decision 096): a key of scope platform.
  route("api/platform/companies/:cnpj/integrations/:integrationId", "routes/api/platform-integrations.ts"),
  // The billing system's API (decision 096): keys of scope billing; its OpenAPI document is public.
  route("api/billing/openapi.json", "routes/api/billing-openapi.ts"),
  route("api/billing/invoices", "routes/api/billing-invoices.ts"),
  route("api/billing/invoices/:number", "routes/api/billing-invoice.ts"),
  route("api/billing/invoices/:number/nfse", "routes/api/billing-invoice-nfse.ts"),
  // Booking a demonstration from the success screen (decision 138): the lead's access token is the key.
  route("api/bookings", "routes/api/bookings.ts"),
  route("api/*", "routes/api/not-found.ts"),
  route("data/*", "routes/data-file.ts"),

  ...publicPages,

  // Crawlers: every public route and segment (A §9).
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),

  // Accounts (A §2, B §2.8, §2.9): guarded on the server by their loaders.
  route("logout", "routes/logout.tsx"),
  // An invitation into a customer company (decision 091): the secret is the path's last part.
  route("convite/:token", "routes/invitation.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("conta/dois-fatores", "routes/two-factor-setup.tsx"),
  route("user", "routes/user/layout.tsx", [
    index("routes/user/index.ts"),
    // The portal's screens come from their table (app/portal/screens.ts).
    ...PORTAL_SCREENS.map((screen) => route(screen.path, screen.module, screen.id ? { id: screen.id } : {})),
    route("*", "routes/user/other.ts"),
  ]),
  // The admin's screens come from their table (app/admin/screens.ts): path, module and guard in one place.
  ...adminScreens
    .filter((screen) => screen.download)
    .map((screen) => route(`admin/${screen.path}`, screen.module)),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts", { id: "admin-index" }),
    ...adminScreens.filter((screen) => !screen.download).map((screen) => route(screen.path, screen.module)),
    route("*", "routes/admin/index.ts", { id: "admin-other" }),
  ]),

  // Any other path: the content page with that path, or the home page (B §2.1, §2.3).
  route("*", "routes/content-page.tsx"),
] satisfies RouteConfig;
