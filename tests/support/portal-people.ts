import type { CompanyRole } from "@domain/portal/permissions.ts";
import { postForm } from "./server-process.ts";

/**
 * People of customer companies made as users make them, over HTTP against a running server without
 * SMTP (so every invitation shows its link once): an owner invites, the person accepts and is signed
 * in; staff register a company and invite its first owner. Answers session tokens.
 */

const LINK = /\/convite\/([A-Za-z0-9_-]{20,})/;

async function linkOf(response: Response, what: string): Promise<string> {
  const html = await response.text();
  const match = LINK.exec(html);
  if (!match) throw new Error(`${what}: no invitation link in the answer (${response.status})`);
  return match[1]!;
}

/** Accepts an invitation with a name and password; answers the new session's token. */
export async function acceptInvitation(url: string, token: string, name: string): Promise<string> {
  const response = await postForm(url, `/convite/${token}`, {
    name,
    password: "uma-senha-bem-forte-1",
    confirm: "uma-senha-bem-forte-1",
  });
  const cookie = /session=([^;]+)/.exec(response.headers.get("set-cookie") ?? "");
  if (response.status !== 302 || !cookie) throw new Error(`accepting the invitation: ${response.status}`);
  return decodeURIComponent(cookie[1]!);
}

/** An owner (or admin) of a company invites `email` with `role`; the person accepts. */
export async function invitedMember(
  url: string,
  inviterToken: string,
  email: string,
  role: CompanyRole,
): Promise<string> {
  const response = await postForm(url, "/user/usuarios/novo", { email, role }, inviterToken);
  return acceptInvitation(url, await linkOf(response, `inviting ${email}`), email.split("@")[0]!);
}

/** Staff register a company and invite its first owner, who accepts; answers the company id and the owner's token. */
export async function companyWithOwner(
  url: string,
  adminToken: string,
  company: { cnpj: string; legalName: string; planId?: string },
  ownerEmail: string,
): Promise<{ companyId: string; owner: string }> {
  const created = await postForm(
    url,
    "/admin/empresas",
    { cnpj: company.cnpj, legalName: company.legalName, tradeName: "", planId: company.planId ?? "" },
    adminToken,
  );
  const id = /\/admin\/empresas\/([0-9a-f-]{36})/.exec(created.headers.get("location") ?? "")?.[1];
  if (!id) throw new Error(`registering ${company.legalName}: ${created.status}`);
  const invited = await postForm(
    url,
    `/admin/empresas/${id}`,
    { intent: "invite-owner", email: ownerEmail },
    adminToken,
  );
  return {
    companyId: id,
    owner: await acceptInvitation(url, await linkOf(invited, "inviting the owner"), "Dono"),
  };
}
