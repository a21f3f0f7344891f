import { formatDateTime, formatInstantDay } from "@domain/format.ts";
import { assignableRoles, COMPANY_ROLES, can, canManageMember } from "@domain/portal/permissions.ts";
import { portalTexts } from "@domain/portal/texts.ts";
import { refusalText } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import { memberLimit } from "@server/portal/companies.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionResult } from "~/components/ActionResult.tsx";
import { CompanyExportCard } from "~/components/CompanyExportCard.tsx";
import { InvitationLink } from "~/components/InvitationLink.tsx";
import type { Route } from "./+types/users";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, company } = await requirePortalMember(request, context);
  const { companies, members } = context.services;
  const manage = can(actor.role, "members.manage");
  const [people, invitations, plan] = await Promise.all([
    companies.members(company.id),
    manage ? members.invitations(company.id) : Promise.resolve([]),
    companies.plan(company.planId),
  ]);
  return data(
    {
      language: context.request.uiLanguage,
      me: actor.id,
      myRole: actor.role,
      companyName: company.tradeName || company.legalName,
      people,
      invitations,
      plan: plan ? { name: plan.name, limit: memberLimit(plan) } : null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("role"), memberId: z.string().max(64), role: z.enum(COMPANY_ROLES) }),
  z.object({ intent: z.literal("remove"), memberId: z.string().max(64) }),
  z.object({ intent: z.literal("resend"), invitationId: z.string().max(64) }),
  z.object({ intent: z.literal("revoke"), invitationId: z.string().max(64) }),
]);

/** Role changes, removals, and the open invitations' resend and cancel: each checked by MemberService. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const t = portalTexts(language);
  const input = actionSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) return { ok: false, message: t.users.invalid };
  const { members } = context.services;
  try {
    const body = input.data;
    if (body.intent === "role") {
      await members.changeRole(actor, body.memberId, body.role);
      return { ok: true, message: t.users.roleSaved };
    }
    if (body.intent === "remove") {
      const { email } = await members.remove(actor, body.memberId);
      return { ok: true, message: t.users.removed(email) };
    }
    if (body.intent === "resend") {
      const sent = await members.resend(actor, body.invitationId);
      return {
        ok: true,
        message: sent.emailed
          ? t.invite.sent(sent.invitation.email)
          : t.invite.linkOnce(sent.invitation.email),
        link: sent.link,
      };
    }
    await members.revoke(actor, body.invitationId);
    return { ok: true, message: t.users.revoked };
  } catch (error) {
    if (DomainError.is(error, "not-found"))
      throw data({ message: refusalText(error, language) }, { status: 404 });
    // A role that may not manage gets a 403; the other refusals (the last owner, oneself) are said on the page.
    if (DomainError.is(error, "forbidden")) return refusalAnswer(error, language);
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, language) };
    throw error;
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = portalTexts(loaded?.language ?? "pt");
  return [{ title: `${t.users.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** The company's people (decision 091): who they are, their role and last sign-in; invitations in flight. */
export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { language, me, myRole, companyName, people, invitations, plan } = loaderData;
  const t = portalTexts(language);
  const busy = useNavigation().state === "submitting";
  const manage = can(myRole, "members.manage");
  const giveable = assignableRoles(myRole);
  const date = (iso: string) => formatInstantDay(iso, language);
  const dateTime = (iso: string) => formatDateTime(iso, language);
  const used = people.length + invitations.filter((i) => !i.expired).length;
  return (
    <section className="portal" aria-labelledby="usuarios-titulo">
      <header className="portal__header">
        <div>
          <h1 id="usuarios-titulo">{t.users.title}</h1>
          <p>{t.users.intro(companyName)}</p>
          <p className="portal__meta">{t.users.limit(used, plan?.limit ?? null, plan?.name ?? null)}</p>
        </div>
        {manage && (
          <Link to="/user/usuarios/novo" className="button button--primary">
            {t.users.invite}
          </Link>
        )}
      </header>
      <ActionResult result={actionData} />
      {actionData && "link" in actionData && actionData.link && (
        <InvitationLink link={actionData.link} t={t} />
      )}

      <ul className="member-list">
        {people.map((person) => {
          const manageable = manage && person.id !== me && canManageMember(myRole, person.role);
          return (
            <li key={person.id} className="member-card">
              <div className="member-card__who">
                <p className="member-card__name">
                  {person.name}
                  {person.id === me && <span className="tag">{t.users.you}</span>}
                </p>
                <p className="member-card__email">{person.email}</p>
              </div>
              <dl className="member-card__facts">
                <div>
                  <dt>{t.users.role}</dt>
                  <dd>{t.roles[person.role]}</dd>
                </div>
                <div>
                  <dt>{t.users.status}</dt>
                  <dd>{person.disabled ? t.users.disabled : t.users.active}</dd>
                </div>
                <div>
                  <dt>{t.users.lastSignIn}</dt>
                  <dd>{person.lastSignInAt ? dateTime(person.lastSignInAt) : t.users.never}</dd>
                </div>
              </dl>
              {manageable && (
                <div className="member-card__actions">
                  <Form method="post" className="inline-form">
                    <input type="hidden" name="memberId" value={person.id} />
                    <label className="field field--inline">
                      <span className="field__label">{t.users.changeRole}</span>
                      <select name="role" defaultValue={person.role}>
                        {giveable.map((role) => (
                          <option key={role} value={role}>
                            {t.roles[role]}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="submit"
                      name="intent"
                      value="role"
                      className="button button--outline"
                      disabled={busy}
                    >
                      {t.users.saveRole}
                    </button>
                  </Form>
                  <Form
                    method="post"
                    onSubmit={(event) => {
                      if (!window.confirm(t.users.confirmRemove(person.name))) event.preventDefault();
                    }}
                  >
                    <input type="hidden" name="memberId" value={person.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="remove"
                      className="button button--danger"
                      disabled={busy}
                    >
                      {t.users.remove}
                    </button>
                  </Form>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {people.length === 1 && invitations.length === 0 && manage && (
        <p className="portal__empty">{t.users.onlyMe}</p>
      )}

      {manage && (
        <>
          <h2 id="convites">{t.users.invitations}</h2>
          {invitations.length === 0 ? (
            <p>{t.users.noInvitations}</p>
          ) : (
            <ul className="member-list" aria-labelledby="convites">
              {invitations.map((invitation) => (
                <li key={invitation.id} className="member-card">
                  <div className="member-card__who">
                    <p className="member-card__name">{invitation.email}</p>
                    <p className="member-card__email">
                      {t.roles[invitation.role]} · {t.users.invitedAt} {date(invitation.createdAt)} ·{" "}
                      {invitation.expired ? (
                        <strong>{t.users.expired}</strong>
                      ) : (
                        `${t.users.expiresAt} ${date(invitation.expiresAt)}`
                      )}
                    </p>
                  </div>
                  <Form method="post" className="member-card__actions">
                    <input type="hidden" name="invitationId" value={invitation.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="resend"
                      className="button button--outline"
                      disabled={busy}
                    >
                      {t.users.resend}
                    </button>
                    <button
                      type="submit"
                      name="intent"
                      value="revoke"
                      className="button button--outline"
                      disabled={busy}
                    >
                      {t.users.revoke}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {can(myRole, "company.export") && <CompanyExportCard language={language} />}
    </section>
  );
}
