import { BlockList, isIP } from "node:net";

/**
 * Where staff may point a webhook endpoint (decision 103). A public site (production, public
 * address) posts lead data only over https to public addresses: never to this machine, the cloud's
 * metadata service (169.254.169.254) or a private network, which an admin account in the wrong
 * hands could otherwise read through the delivery log. A development server or a local trial
 * allows http and any host, so a receiver on the same machine can be tried.
 */
export interface UrlPolicy {
  /** http and internal addresses allowed (development, tests, a local trial). */
  allowInternal: boolean;
}

export const MAX_WEBHOOK_URL_LENGTH = 2000;

/** Address ranges no production webhook may reach (IANA special-purpose registries). */
const INTERNAL = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local: the cloud metadata services
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  INTERNAL.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["fc00::", 7], // unique local
  ["fe80::", 10], // link-local
  ["ff00::", 8], // multicast
  ["64:ff9b::", 96], // NAT64 (reaches IPv4 addresses, private ones too)
] as const)
  INTERNAL.addSubnet(net, prefix, "ipv6");

/** Names that only mean something inside a network. */
const INTERNAL_NAMES = /(^|\.)(localhost|local|internal|intranet|lan|home\.arpa)$/i;

/** Whether an IP address (v4, v6, or v4 mapped into v6) is internal. */
export function isInternalAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return INTERNAL.check(mapped[1]!, "ipv4");
  const version = isIP(bare);
  if (version === 4) return INTERNAL.check(bare, "ipv4");
  if (version === 6) return INTERNAL.check(bare, "ipv6");
  return false;
}

/** Whether a host name (not an address) is one only an internal network resolves. */
export function isInternalName(hostname: string): boolean {
  return INTERNAL_NAMES.test(hostname.replace(/\.$/, "")) || hostname === "metadata.google.internal";
}

/**
 * The problem with an endpoint's address, in Portuguese naming the field, or null when it may be
 * used. Checks what the address says; the delivery checks again what its name resolves to.
 */
export function webhookUrlProblem(raw: string, policy: UrlPolicy): string | null {
  const text = raw.trim();
  if (!text) return "Endereço (URL): informe o endereço que receberá os eventos.";
  if (text.length > MAX_WEBHOOK_URL_LENGTH)
    return `Endereço (URL): use no máximo ${MAX_WEBHOOK_URL_LENGTH} caracteres.`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return "Endereço (URL): não é um endereço válido; use por exemplo https://crm.exemplo.com.br/webhooks.";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    return "Endereço (URL): deve começar com https://.";
  if (url.protocol === "http:" && !policy.allowInternal)
    return "Endereço (URL): use https:// (os eventos levam dados pessoais e não podem trafegar sem criptografia).";
  if (url.username || url.password)
    return "Endereço (URL): não inclua usuário e senha no endereço; a assinatura do webhook autentica os envios.";
  if (url.hash) return "Endereço (URL): retire o trecho depois de # (ele não é enviado ao servidor).";
  if (!policy.allowInternal) {
    const host = url.hostname;
    if (isInternalAddress(host) || isInternalName(host))
      return `Endereço (URL): ${host} é um endereço interno (desta máquina ou de uma rede privada); use um endereço público.`;
    if (!host.includes(".") && isIP(host.replace(/^\[|\]$/g, "")) === 0)
      return `Endereço (URL): ${host} não é um nome público completo (ex.: crm.exemplo.com.br).`;
  }
  return null;
}
