import type { DomainConfig } from "@domain/locale.ts";
import { buildAuth, buildStaffAccounts } from "./auth/build.ts";
import { buildBilling } from "./billing/build.ts";
import { buildBooking } from "./booking/build.ts";
import { buildSharedCache } from "./cache/build.ts";
import { buildConsent } from "./consent/build.ts";
import { buildContent } from "./content/build.ts";
import { buildFunnel } from "./funnel/build.ts";
import { buildLeads } from "./leads/build.ts";
import { buildMedia } from "./media/build.ts";
import { buildPortal } from "./portal/build.ts";
import { buildPrivacy } from "./privacy/build.ts";
import { buildTrackerInbound } from "./tracker/build.ts";
import { buildWebhooks } from "./webhooks/build.ts";
import type { BackgroundJob, DeliveryHandlers, DomainParts, Platform } from "./wiring.ts";

/**
 * Every domain of the server, one line each (decision 136): its builder (the domain folder's
 * `build.ts`) called with the platform and the services it uses of the domains built before it.
 * What the requests see (`AppServices`, server/context.ts), the outbox's handlers and the
 * background jobs are derived from what these return: a new domain is one line here.
 */
export function buildDomains(platform: Platform, domains: DomainConfig, signingSecret: string) {
  const sharedCache = buildSharedCache(platform);
  const content = buildContent(platform, domains);
  const auth = buildAuth(platform, signingSecret);
  const privacy = buildPrivacy(platform);
  const consent = buildConsent(platform);
  const leads = buildLeads(platform, {
    content: content.services.content,
    leadCopy: privacy.services.leadCopy,
  });
  const portal = buildPortal(platform, {
    content: content.services.content,
    accounts: auth.services.accounts,
  });
  const staffAccounts = buildStaffAccounts(platform, {
    accounts: auth.services.accounts,
    passwordReset: auth.services.passwordReset,
    companies: portal.services.companies,
  });
  const funnel = buildFunnel(platform);
  const billing = buildBilling(platform);
  const media = buildMedia(platform);
  const webhooks = buildWebhooks(platform);
  const tracker = buildTrackerInbound(platform, { leadSettings: leads.services.leadSettings });
  const booking = buildBooking(platform, {
    leadSettings: leads.services.leadSettings,
    leadRouting: leads.services.leadRouting,
  });
  return {
    sharedCache,
    content,
    funnel,
    auth,
    staffAccounts,
    privacy,
    consent,
    leads,
    portal,
    billing,
    media,
    webhooks,
    tracker,
    booking,
  };
}

type Domains = ReturnType<typeof buildDomains>;
type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (
  value: infer I,
) => void
  ? I
  : never;

/** The services of every domain, as one object (the requests' `AppServices` but the platform's). */
export type DomainServices = UnionToIntersection<Domains[keyof Domains]["services"]>;

/** What the domains give the composition root, put together: their services, handlers and jobs. */
export function joinDomains(built: Domains): {
  services: DomainServices;
  handlers: Partial<DeliveryHandlers>;
  jobs: BackgroundJob[];
} {
  const parts: DomainParts<object>[] = Object.values(built);
  return {
    services: Object.assign({}, ...parts.map((part) => part.services)),
    handlers: Object.assign({}, ...parts.map((part) => part.handlers ?? {})),
    jobs: parts.flatMap((part) => part.jobs ?? []),
  };
}
