import { deliveryCounts } from "@server/admin/dashboard.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { data } from "react-router";
import { CircuitNotices } from "~/admin/CircuitNotices.tsx";
import { type CircuitNotice, circuitNoticeText, toNotice } from "~/admin/circuit-texts.ts";
import { trackerTexts as t } from "~/admin/tracker-texts.ts";
import type { Route } from "./+types/jira";

/**
 * B §7.2: the tracker's connection test, as the Jira screen shows it; while Jira's circuit is open
 * (decision 124), why, since when and what brings it back, instead of a call it would refuse.
 */
async function trackerStatus(
  jira: Route.LoaderArgs["context"]["services"]["jira"],
  open: readonly CircuitNotice[],
) {
  if (!jira) return { ok: false, text: t.notConfigured };
  const circuit = open.find((notice) => notice.service === "jira");
  if (circuit) return { ok: false, text: circuitNoticeText(circuit) };
  try {
    const me = await jira.myself();
    return { ok: true, text: t.connected(me.displayName ?? me.accountId) };
  } catch {
    return { ok: false, text: t.connectionFailed };
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "jira");
  const { database, jira, circuits } = context.services;
  const open = (await circuits.listOpen()).map(toNotice);
  const [deliveries, tracker] = await Promise.all([deliveryCounts(database.db), trackerStatus(jira, open)]);
  return data(
    {
      deliveries,
      tracker,
      // Jira's own is in its banner above.
      otherCircuits: open.filter((notice) => notice.service !== "jira"),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function meta() {
  return [{ title: `${t.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** The Jira connection and the deliveries waiting for it or failed (decision 135: once in the settings). */
export default function Jira({ loaderData }: Route.ComponentProps) {
  const { deliveries, tracker, otherCircuits } = loaderData;
  return (
    <section aria-labelledby="jira-titulo">
      <h1 id="jira-titulo">{t.title}</h1>
      <p className={`banner ${tracker.ok ? "banner--success" : "banner--warning"}`}>{tracker.text}</p>
      <p>
        {t.pending}: <strong>{deliveries.pending}</strong> · {t.failed}: <strong>{deliveries.failed}</strong>
      </p>
      <CircuitNotices notices={otherCircuits} />
    </section>
  );
}
