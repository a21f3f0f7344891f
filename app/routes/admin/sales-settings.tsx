import { formatDayAtTime } from "@domain/format.ts";
import { FORM_KEYS } from "@domain/forms/form-keys.ts";
import { LEAD_LEVELS, TEMPERATURE_LABELS } from "@domain/lead-status.ts";
import { defaultOutcome, OUTCOME_LABELS, OUTCOMES, type Outcome, statusKey } from "@domain/leads/outcomes.ts";
import {
  BRAZILIAN_STATES,
  type RoutingConfig,
  type RoutingRule,
  routingConfigSchema,
  type SalesOwner,
} from "@domain/leads/routing.ts";
import { refusalText } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requireAdminScreen } from "@server/http/auth-guard.ts";
import { outcomeMappingSchema } from "@server/leads/lead-settings.ts";
import { useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { formName } from "~/admin/form-names.ts";
import { ScrollBox } from "~/admin/ScrollBox.tsx";
import { salesTexts as t } from "~/admin/sales-texts.ts";
import { ActionResult } from "~/components/ActionResult.tsx";
import type { Route } from "./+types/sales-settings";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminScreen(request, context, "sales");
  const { leadSettings, inbox, domains, forms } = context.services;
  const [routing, outcomes, statuses, demo] = await Promise.all([
    leadSettings.routing(),
    leadSettings.outcomes(),
    inbox.statuses(),
    forms.get("demo"),
  ]);
  // Segments a rule can name: the site's segment subdomains, then those the forms let visitors answer.
  const segments = new Map(Object.entries(domains.subdomains).map(([key, value]) => [key, value.name]));
  const answered = demo?.steps.flatMap((step) => step.fields).find((field) => field.name === "segmento");
  for (const option of answered?.options ?? [])
    if (!segments.has(option.value)) segments.set(option.value, option.label);
  return data(
    {
      routing,
      outcomes,
      statuses,
      segments: [...segments].map(([value, label]) => ({ value, label })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const postedSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("routing"),
    version: z.coerce.number().int().min(0),
    value: z.string().max(200_000),
  }),
  z.object({
    intent: z.literal("outcomes"),
    version: z.coerce.number().int().min(0),
    value: z.string().max(50_000),
  }),
]);

/** The zod issue as staff read it: "Regra 2 · Nome da regra: Dê um nome à regra." */
function readableIssue(issue: z.core.$ZodIssue): string {
  const [section, index, field] = issue.path;
  const where =
    section === "rules" && typeof index === "number"
      ? `${t.rule(index + 1)}${field === "name" ? ` · ${t.ruleName}` : field === "owners" ? ` · ${t.owners}` : ""}`
      : section === "owners" && typeof index === "number"
        ? `${t.team} · ${index + 1}${field === "accountId" ? ` · ${t.accountId}` : field === "name" ? ` · ${t.name}` : ""}`
        : section === "fallbackOwner"
          ? t.fallback
          : "";
  return where ? `${where}: ${issue.message}` : issue.message;
}

/** Saves the routing or the outcome mapping, each from the version the page showed. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdminScreen(request, context, "sales");
  const posted = postedSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!posted.success) return { ok: false, message: t.invalid, errors: [] as string[] };
  const { leadSettings } = context.services;
  let value: unknown;
  try {
    value = JSON.parse(posted.data.value);
  } catch {
    return { ok: false, message: t.invalid, errors: [] as string[] };
  }
  try {
    if (posted.data.intent === "routing") {
      const config = routingConfigSchema.safeParse(value);
      if (!config.success)
        return { ok: false, message: t.invalid, errors: config.error.issues.map(readableIssue) };
      await leadSettings.saveRouting(config.data, posted.data.version, admin.email);
      return { ok: true, message: t.saved, errors: [] as string[] };
    }
    const mapping = outcomeMappingSchema.safeParse(value);
    if (!mapping.success)
      return { ok: false, message: t.invalid, errors: mapping.error.issues.map((i) => i.message) };
    await leadSettings.saveOutcomes(mapping.data, posted.data.version, admin.email);
    return { ok: true, message: t.outcomesSaved, errors: [] as string[] };
  } catch (error) {
    if (DomainError.is(error))
      return { ok: false, message: refusalText(error, "pt"), errors: [] as string[] };
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [{ title: `${t.title} · Admin` }];

const newId = () =>
  typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID().slice(0, 8)
    : Math.random().toString(36).slice(2, 10);

function toggle<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list, value] : list.filter((item) => item !== value);
}

/** A group of checkboxes in a fieldset: one condition of a rule. */
function Checks<T extends string>({
  legend,
  options,
  chosen,
  onChange,
}: {
  legend: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <fieldset className="sales-rule__checks">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="sales-rule__check">
          <input
            type="checkbox"
            checked={chosen.includes(option.value)}
            onChange={(event) => onChange(toggle(chosen, option.value, event.target.checked))}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

function RuleEditor({
  rule,
  index,
  count,
  owners,
  segments,
  onChange,
  onMove,
  onRemove,
}: {
  rule: RoutingRule;
  index: number;
  count: number;
  owners: SalesOwner[];
  segments: { value: string; label: string }[];
  onChange: (rule: RoutingRule) => void;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  const set = <K extends keyof RoutingRule>(key: K, value: RoutingRule[K]) =>
    onChange({ ...rule, [key]: value });
  return (
    <li className="sales-rule">
      <div className="sales-rule__head">
        <h3>{t.rule(index + 1)}</h3>
        <div className="sales-rule__order">
          <button
            type="button"
            className="button button--outline"
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            {t.moveUp}
          </button>
          <button
            type="button"
            className="button button--outline"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            {t.moveDown}
          </button>
          <button type="button" className="button button--outline" onClick={onRemove}>
            {t.removeRule}
          </button>
        </div>
      </div>
      <label className="field">
        <span className="field__label">{t.ruleName}</span>
        <input value={rule.name} maxLength={120} required onChange={(e) => set("name", e.target.value)} />
      </label>
      <div className="sales-rule__grid">
        <Checks
          legend={t.forms}
          options={FORM_KEYS.map((key) => ({ value: key, label: formName(key) }))}
          chosen={rule.forms}
          onChange={(next) => set("forms", next)}
        />
        <Checks
          legend={t.temperatures}
          options={LEAD_LEVELS.map((level) => ({ value: level, label: TEMPERATURE_LABELS.pt[level] }))}
          chosen={rule.temperatures}
          onChange={(next) => set("temperatures", next)}
        />
        <Checks
          legend={t.segments}
          options={segments}
          chosen={rule.segments}
          onChange={(next) => set("segments", next)}
        />
        <Checks
          legend={t.owners}
          options={owners.map((owner) => ({ value: owner.id, label: owner.name || owner.accountId }))}
          chosen={rule.owners}
          onChange={(next) => set("owners", next)}
        />
      </div>
      <Checks
        legend={t.states}
        options={BRAZILIAN_STATES.map((uf) => ({ value: uf, label: uf }))}
        chosen={rule.states}
        onChange={(next) => set("states", next)}
      />
    </li>
  );
}

/**
 * Lead operations settings (decision 105): the sales team (Jira accounts), the routing rules in order
 * with their round-robin owners, the fallback owner, and what each Jira status means as an outcome.
 */
export default function SalesSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { routing, outcomes, statuses, segments } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [config, setConfig] = useState<RoutingConfig>(routing.value);
  const [mapping, setMapping] = useState<Record<string, Outcome | "">>(() => {
    const known: Record<string, Outcome | ""> = {};
    for (const status of statuses)
      if (status.name) known[status.name] = outcomes.value[statusKey(status.name)] ?? "";
    for (const [key, outcome] of Object.entries(outcomes.value))
      if (!Object.keys(known).some((name) => statusKey(name) === key)) known[key] = outcome;
    return known;
  });
  const [newStatus, setNewStatus] = useState("");
  const categoryOf = new Map(statuses.map((s) => [s.name ?? "", s]));
  const setRule = (i: number, rule: RoutingRule) =>
    setConfig({ ...config, rules: config.rules.map((r, j) => (j === i ? rule : r)) });
  const moveRule = (i: number, delta: number) => {
    const rules = [...config.rules];
    const [rule] = rules.splice(i, 1);
    rules.splice(i + delta, 0, rule!);
    setConfig({ ...config, rules });
  };
  const removeOwner = (id: string) =>
    setConfig({
      owners: config.owners.filter((o) => o.id !== id),
      rules: config.rules.map((r) => ({ ...r, owners: r.owners.filter((o) => o !== id) })),
      fallbackOwner: config.fallbackOwner === id ? null : config.fallbackOwner,
    });
  const setOwner = (i: number, owner: SalesOwner) =>
    setConfig({ ...config, owners: config.owners.map((o, j) => (j === i ? owner : o)) });
  const result = actionData && { ok: actionData.ok, message: actionData.message };
  const savedMapping = Object.fromEntries(Object.entries(mapping).filter(([, outcome]) => outcome !== ""));
  return (
    <section aria-labelledby="vendas-titulo" className="sales-settings">
      <h1 id="vendas-titulo">{t.title}</h1>
      <p>{t.intro}</p>
      <ActionResult result={result} />
      {actionData && actionData.errors.length > 0 && (
        <ul className="form-errors" role="alert">
          {actionData.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      <Form method="post" className="sales-settings__form">
        <input type="hidden" name="intent" value="routing" />
        <input type="hidden" name="version" value={routing.version} />
        <input type="hidden" name="value" value={JSON.stringify(config)} />
        <h2>{t.team}</h2>
        <p className="admin-table__sub">
          {t.teamHint} <Link to="/admin/vendas/agenda">{t.calendarLink}</Link>
        </p>
        {config.owners.length === 0 ? (
          <p>{t.noOwners}</p>
        ) : (
          <ul className="sales-team">
            {config.owners.map((owner, i) => (
              <li key={owner.id} className="sales-team__row">
                <label className="field">
                  <span className="field__label">{t.name}</span>
                  <input
                    value={owner.name}
                    maxLength={120}
                    required
                    onChange={(e) => setOwner(i, { ...owner, name: e.target.value })}
                  />
                </label>
                <label className="field">
                  <span className="field__label">{t.accountId}</span>
                  <input
                    value={owner.accountId}
                    maxLength={128}
                    required
                    spellCheck={false}
                    onChange={(e) => setOwner(i, { ...owner, accountId: e.target.value.trim() })}
                  />
                </label>
                <button
                  type="button"
                  className="button button--outline"
                  onClick={() => removeOwner(owner.id)}
                >
                  {t.remove}
                </button>
              </li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className="button button--outline"
          onClick={() =>
            setConfig({ ...config, owners: [...config.owners, { id: newId(), name: "", accountId: "" }] })
          }
        >
          {t.addOwner}
        </button>
        <h2>{t.rules}</h2>
        <p className="admin-table__sub">{t.rulesHint}</p>
        {config.rules.length === 0 ? (
          <p>{t.noRules}</p>
        ) : (
          <ol className="sales-rules">
            {config.rules.map((rule, i) => (
              <RuleEditor
                key={rule.id}
                rule={rule}
                index={i}
                count={config.rules.length}
                owners={config.owners}
                segments={segments}
                onChange={(next) => setRule(i, next)}
                onMove={(delta) => moveRule(i, delta)}
                onRemove={() => setConfig({ ...config, rules: config.rules.filter((_, j) => j !== i) })}
              />
            ))}
          </ol>
        )}
        <button
          type="button"
          className="button button--outline"
          onClick={() =>
            setConfig({
              ...config,
              rules: [
                ...config.rules,
                { id: newId(), name: "", forms: [], segments: [], temperatures: [], states: [], owners: [] },
              ],
            })
          }
        >
          {t.addRule}
        </button>
        <h2>{t.fallback}</h2>
        <label className="field">
          <span className="field__label">{t.fallback}</span>
          <select
            value={config.fallbackOwner ?? ""}
            onChange={(e) => setConfig({ ...config, fallbackOwner: e.target.value || null })}
          >
            <option value="">{t.nobody}</option>
            {config.owners.map((owner) => (
              <option key={owner.id} value={owner.id}>
                {owner.name || owner.accountId}
              </option>
            ))}
          </select>
        </label>
        <p className="admin-table__sub">{t.fallbackHint}</p>
        {routing.updatedAt && (
          <p className="admin-table__sub">
            {t.lastSaved(formatDayAtTime(routing.updatedAt), routing.updatedBy)}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {t.save}
        </button>
      </Form>

      <Form method="post" className="sales-settings__form">
        <input type="hidden" name="intent" value="outcomes" />
        <input type="hidden" name="version" value={outcomes.version} />
        <input type="hidden" name="value" value={JSON.stringify(savedMapping)} />
        <h2>{t.outcomes}</h2>
        <p className="admin-table__sub">{t.outcomesHint}</p>
        {Object.keys(mapping).length === 0 ? (
          <p>{t.noStatuses}</p>
        ) : (
          <ScrollBox label={t.outcomes}>
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t.status}</th>
                  <th scope="col">{t.leadsWith}</th>
                  <th scope="col">{t.outcome}</th>
                </tr>
              </thead>
              <tbody>
                {Object.entries(mapping).map(([name, outcome]) => {
                  const seen = categoryOf.get(name);
                  const fallback = seen?.category ? defaultOutcome(name, seen.category) : null;
                  return (
                    <tr key={name}>
                      <th scope="row">{name}</th>
                      <td>{seen?.leads ?? 0}</td>
                      <td>
                        <select
                          aria-label={`${t.outcome}: ${name}`}
                          value={outcome}
                          onChange={(e) => setMapping({ ...mapping, [name]: e.target.value as Outcome | "" })}
                        >
                          <option value="">{t.byDefault(fallback ? OUTCOME_LABELS[fallback] : "—")}</option>
                          {OUTCOMES.map((o) => (
                            <option key={o} value={o}>
                              {OUTCOME_LABELS[o]}
                            </option>
                          ))}
                        </select>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollBox>
        )}
        <div className="sales-settings__add">
          <label className="field">
            <span className="field__label">{t.newStatus}</span>
            <input value={newStatus} maxLength={200} onChange={(e) => setNewStatus(e.target.value)} />
          </label>
          <button
            type="button"
            className="button button--outline"
            disabled={!newStatus.trim()}
            onClick={() => {
              setMapping({ ...mapping, [newStatus.trim()]: "" });
              setNewStatus("");
            }}
          >
            {t.addStatus}
          </button>
        </div>
        {outcomes.updatedAt && (
          <p className="admin-table__sub">
            {t.lastSaved(formatDayAtTime(outcomes.updatedAt), outcomes.updatedBy)}
          </p>
        )}
        <button type="submit" className="button button--primary" disabled={busy}>
          {t.saveOutcomes}
        </button>
      </Form>
    </section>
  );
}
