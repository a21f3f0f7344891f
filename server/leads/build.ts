import type { ContentService } from "../content/service.ts";
import { LeadMail } from "../mail/lead-mail.ts";
import { outboxMail } from "../platform/mail/mailer.ts";
import { forLead } from "../platform/outbox/worker.ts";
import type { LeadCopy } from "../privacy/lead-copy.ts";
import { withPrivacyMail } from "../privacy/mail.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { LeadErasure } from "./erasure.ts";
import { FormRegistry } from "./forms.ts";
import { LeadInbox } from "./inbox.ts";
import { LeadSettings } from "./lead-settings.ts";
import { NewsletterConsent } from "./newsletter-consent.ts";
import { notificationHandlers } from "./notify.ts";
import { LeadRouting } from "./routing.ts";
import { LeadService } from "./service.ts";
import { TrackerSync } from "./tracker-sync.ts";

/**
 * Leads (B §3, §7; decisions 015, 085, 094, 105): the forms, intake and scoring, the admin's inbox
 * and routing, erasure and the newsletter's consent; delivered through the outbox to Jira (or kept,
 * simulated, until it is set), Slack, Teams and the visitor's e-mail.
 */
export function buildLeads(
  platform: Platform,
  { content, leadCopy }: { content: ContentService; leadCopy: LeadCopy },
) {
  const { db, config, logger, jira, mailer, signer, worker, audit, seams, telemetry } = platform;
  const forms = new FormRegistry(content);
  const leadSettings = new LeadSettings(db, audit, seams.now);
  const routing = new LeadRouting(db, leadSettings);
  const notify = notificationHandlers({
    ownerOf: (lead) => routing.ownerOf(lead),
    slackUrl: config.SLACK_WEBHOOK_URL,
    teamsUrl: config.TEAMS_WEBHOOK_URL,
    publicBaseUrl: config.publicBaseUrl,
    telemetry,
  });
  const leadMail = new LeadMail({ db, forms, signer, publicBaseUrl: config.publicBaseUrl, now: seams.now });
  return {
    services: {
      /** The forms of the site, as the content describes them. */
      forms,
      leads: new LeadService({
        db,
        audit,
        forms,
        signer,
        trackerConfigured: jira !== null,
        notifications: { slack: Boolean(config.SLACK_WEBHOOK_URL), teams: Boolean(config.TEAMS_WEBHOOK_URL) },
        kick: () => worker.kick(),
        trackerAttempted: (leadId, timeoutMs) => worker.attempted(leadId, "tracker", timeoutMs),
        trackerSlow: () => worker.slow("tracker"),
        minFillMs: config.FORM_MIN_FILL_MS,
        ...(seams.now ? { now: seams.now } : {}),
        ...(seams.protocolWaitMs ? { protocolWaitMs: seams.protocolWaitMs } : {}),
      }),
      /** The admin's lead inbox. */
      inbox: new LeadInbox(db, audit, seams.now),
      /** Lead routing and outcome mapping staff edit (decision 105). */
      leadSettings,
      /** Who owns a lead: chosen once by the routing rules, kept after (decision 105). */
      leadRouting: routing,
      /** The newsletter's unsubscribe: the withdrawal of a subscriber's consent (decision 102). */
      newsletterConsent: new NewsletterConsent(db, signer, seams.now),
      /** A data subject's erasure (LGPD art. 18). */
      erasure: new LeadErasure(db, jira, logger, audit, seams.now),
    },
    handlers: {
      tracker: jira
        ? forLead(db, new TrackerSync(db, jira, forms, logger, routing, seams.now, seams.sleep).handle)
        : async () => "simulado: Jira não configurado",
      slack: forLead(db, notify.slack),
      teams: forLead(db, notify.teams),
      // A lead's e-mail, the visitor's confirmation and the copy of their leads are composed when
      // their jobs run, from the data as it is then (decisions 102, 111).
      mail: withPrivacyMail(mailer, leadCopy, outboxMail(mailer, leadMail.compose)),
    },
  } satisfies DomainParts<object>;
}
