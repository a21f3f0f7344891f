import { assignableRoles, COMPANY_ROLES, can } from "@domain/portal/permissions.ts";
import { portalTexts } from "@domain/portal/texts.ts";
import { refusalText } from "@domain/refusals.ts";
import { z } from "@domain/zod.ts";
import { DomainError } from "@server/domain-errors.ts";
import { requirePortalMember } from "@server/http/auth-guard.ts";
import { refusalAnswer } from "@server/http/refusals.ts";
import { data, Form, Link, useNavigation } from "react-router";
import { ActionResult } from "~/components/ActionResult.tsx";
import { InvitationLink } from "~/components/InvitationLink.tsx";
import type { Route } from "./+types/user-new";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requirePortalMember(request, context);
  return data(
    {
      language: context.request.uiLanguage,
      roles: assignableRoles(actor.role),
      canInvite: can(actor.role, "members.manage"),
      // Whether invitations go by e-mail, or the inviter is given the link to send.
      emails: Boolean(context.services.config.SMTP_URL),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const inviteSchema = z.object({ email: z.email().max(200), role: z.enum(COMPANY_ROLES) });

/** Sends (or, without SMTP, shows once) a single-use invitation link; refusals name the reason. */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requirePortalMember(request, context);
  const language = context.request.uiLanguage;
  const t = portalTexts(language);
  const input = inviteSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!input.success) return { ok: false, message: t.invite.emailInvalid, field: "email" as const };
  try {
    const sent = await context.services.members.invite(actor, input.data);
    return {
      ok: true,
      message: sent.emailed ? t.invite.sent(sent.invitation.email) : t.invite.linkOnce(sent.invitation.email),
      link: sent.link,
    };
  } catch (error) {
    // A role that may not invite gets the message with a 403, as the matrix checks; the other
    // refusals (already a member, the plan's limit) are said on the form.
    if (DomainError.is(error, "forbidden")) return refusalAnswer(error, language);
    if (DomainError.is(error)) return { ok: false, message: refusalText(error, language) };
    throw error;
  }
}

export function meta({ data: loaded }: Route.MetaArgs) {
  const t = portalTexts(loaded?.language ?? "pt");
  return [{ title: `${t.invite.title} | Vértice` }, { name: "robots", content: "noindex" }];
}

/** Invite someone into the company, with a role the inviter may give (decision 091). */
export default function UserNew({ loaderData, actionData }: Route.ComponentProps) {
  const { language, roles, canInvite, emails } = loaderData;
  const t = portalTexts(language);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="portal" aria-labelledby="convidar-titulo">
      <p>
        <Link to="/user/usuarios">← {t.invite.back}</Link>
      </p>
      <h1 id="convidar-titulo">{t.invite.title}</h1>
      {!canInvite ? (
        <p className="banner banner--warning">{t.invite.cannot}</p>
      ) : (
        <>
          <p>{emails ? t.invite.intro : t.invite.introNoMail}</p>
          <ActionResult result={actionData} />
          {actionData && "link" in actionData && actionData.link && (
            <InvitationLink link={actionData.link} t={t} />
          )}
          {/* A new form after each invitation sent: the next person starts from an empty one. */}
          <Form method="post" className="portal-form" key={actionData?.ok ? actionData.message : "convite"}>
            <label className="field">
              <span className="field__label">{t.invite.email}</span>
              <input
                type="email"
                name="email"
                required
                maxLength={200}
                autoComplete="off"
                aria-invalid={actionData && !actionData.ok && "field" in actionData ? true : undefined}
              />
            </label>
            <fieldset className="role-choice">
              <legend className="field__label">{t.invite.role}</legend>
              {roles.map((role, index) => (
                <label key={role} className="role-choice__option">
                  <input type="radio" name="role" value={role} defaultChecked={index === roles.length - 1} />
                  <span>
                    <strong>{t.roles[role]}</strong>
                    <span className="role-choice__hint">{t.roleHints[role]}</span>
                  </span>
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? t.invite.sending : t.invite.submit}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
