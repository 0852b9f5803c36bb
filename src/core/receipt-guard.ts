// Installation receipts (Code Forge API § Installation flow) are read by agentline/webhooks and must never be sent
// by agentline/forge as a bearer credential: what both need to recognize one lives here, so neither imports the other.

/**
 * The receipt's `typ` header.
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Installation flow)
 */
export const RECEIPT_TYPE = "forge-installation-receipt+jwt";

/** A JOSE `typ` compared as RFC 7515 says: case-insensitively, with an `application/` prefix left out. */
export function normalizeType(typ: string): string {
  const lower = typ.toLowerCase();
  return lower.startsWith("application/") ? lower.slice("application/".length) : lower;
}
