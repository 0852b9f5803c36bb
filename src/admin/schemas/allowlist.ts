// Network allowlist entries: a host or CIDR with an optional :port; a leading `*.` label is a wildcard over a
// domain's subdomains. The spec gives no grammar, so this accepts what the words allow and refuses what is
// plainly not a destination (schemes, paths, spaces, empty labels, out-of-range octets, prefixes or ports).

const PORT = /^(\d{1,5})$/;
const LABEL = /^[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?$/;
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

function isPort(text: string): boolean {
  const match = PORT.exec(text);
  if (!match) return false;
  const port = Number(match[1]);
  return port >= 1 && port <= 65_535;
}

function isPrefix(text: string, max: number): boolean {
  return /^\d{1,3}$/.test(text) && Number(text) <= max;
}

function isIpv4(text: string): boolean {
  const match = IPV4.exec(text);
  return match?.slice(1).every((octet) => Number(octet) <= 255) ?? false;
}

// The URL parser knows IPv6 (compressed forms, embedded IPv4) on every runtime.
function isIpv6(text: string): boolean {
  if (!text.includes(":") || /[^0-9A-Fa-f:.]/.test(text)) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

function isHostname(text: string): boolean {
  const name = text.startsWith("*.") ? text.slice(2) : text;
  if (name === "" || name.length > 253) return false;
  const labels = name.split(".");
  // A numeric last label means an IPv4 address was meant; it must then be a valid one.
  if (/^\d+$/.test(labels[labels.length - 1] ?? "")) return !text.startsWith("*.") && isIpv4(name);
  return labels.every((label) => LABEL.test(label));
}

// An IPv4 address or host, or an IPv4 CIDR (`10.0.0.0/8`).
function isHostOrIpv4Cidr(text: string): boolean {
  const slash = text.indexOf("/");
  if (slash === -1) return isHostname(text);
  return isIpv4(text.slice(0, slash)) && isPrefix(text.slice(slash + 1), 32);
}

function isIpv6OrCidr(text: string): boolean {
  const slash = text.indexOf("/");
  if (slash === -1) return isIpv6(text);
  return isIpv6(text.slice(0, slash)) && isPrefix(text.slice(slash + 1), 128);
}

/**
 * True for a host (`api.example.com`, `*.example.com`), IPv4 or IPv6 address, or CIDR (`10.0.0.0/8`,
 * `2001:db8::/32`), each with an optional `:port` (IPv6 in brackets then: `[2001:db8::1]:443`); false for a non-string.
 * @see {@link https://github.com/agentline/agentline#team-admin-and-organization | README: Team Admin and Organization} (spec: Team Admin API and Organization API § Assistant-bot records)
 */
export function isAllowlistEntry(entry: string): boolean {
  // A predicate: anything that is not a string is not an entry (never a TypeError).
  if (typeof entry !== "string" || entry === "" || /\s/.test(entry)) return false;
  if (entry.startsWith("[")) {
    const close = entry.indexOf("]");
    if (close === -1) return false;
    const rest = entry.slice(close + 1);
    if (rest !== "" && !(rest.startsWith(":") && isPort(rest.slice(1)))) return false;
    return isIpv6OrCidr(entry.slice(1, close));
  }
  // Two or more colons: a bare IPv6 address or CIDR, which cannot carry a port.
  if ((entry.match(/:/g) ?? []).length >= 2) return isIpv6OrCidr(entry);
  const colon = entry.indexOf(":");
  if (colon === -1) return isHostOrIpv4Cidr(entry);
  return isPort(entry.slice(colon + 1)) && isHostOrIpv4Cidr(entry.slice(0, colon));
}
