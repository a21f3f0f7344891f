import { isIPv4, isIPv6 } from "node:net";

/**
 * The network of an address, shown as a session's approximate place (decision 112): IPv4 to its /24,
 * IPv6 to its /48. Enough for a person to tell "my office" from "somewhere else" without the
 * product keeping anyone's exact address.
 */
export function networkOf(address: string | null | undefined): string | null {
  if (!address) return null;
  const ip = address.startsWith("::ffff:") && isIPv4(address.slice(7)) ? address.slice(7) : address;
  if (isIPv4(ip)) return `${ip.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(ip)) return null;
  const [head = "", tail = ""] = ip.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = ip.includes("::")
    ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 3)
    .map((g) => Number.parseInt(g || "0", 16).toString(16))
    .join(":")}::/48`;
}
