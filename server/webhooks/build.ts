import { isLocalAddress } from "../config.ts";
import type { DomainParts, Platform } from "../wiring.ts";
import { webhookDelivery } from "./delivery.ts";
import { WebhookEndpoints } from "./endpoints.ts";

/**
 * Signed outgoing webhooks (decision 103): the endpoints staff set, and their deliveries through the
 * outbox. A public production site posts only over https to public addresses; development and a
 * local trial may post anywhere.
 */
export function buildWebhooks({ db, config, worker, audit, seams, telemetry, circuits }: Platform) {
  const policy = { allowInternal: !config.isProduction || isLocalAddress(config.publicBaseUrl) };
  return {
    services: {
      /** Outgoing webhook endpoints, their secrets and delivery logs. */
      webhooks: new WebhookEndpoints({ db, policy, kick: () => worker.kick(), now: seams.now, audit }),
    },
    handlers: {
      webhook: webhookDelivery({ db, legacySecret: config.LEAD_WEBHOOK_SECRET, policy, telemetry, circuits }),
    },
  } satisfies DomainParts<object>;
}
