import { AgentlineError } from "./errors.js";

// Installation receipts (Code Forge API § Installation flow) are read by agentline/webhooks and must never be sent
// by agentline/forge as a bearer credential: what both need of them lives here, so neither imports the other.

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

/** The `typ` of a compact JWT's protected header, when `token` is one with a readable header. */
function jwtType(token: string): unknown {
  const dot = token.indexOf(".");
  if (!token.startsWith("eyJ") || dot < 0) return undefined;
  try {
    const base64 = token.slice(0, dot).replace(/-/g, "+").replace(/_/g, "/");
    return (JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="))) as { typ?: unknown }).typ;
  } catch {
    return undefined; // Not a JWT after all: the forge decides about it.
  }
}

/**
 * Refuses an installation receipt given where a bearer credential goes: the spec says a receipt is never one, and
 * sending it would hand the installer's details to whoever reads the request. The error does not quote the token.
 */
export function refuseReceiptAsBearer(token: string, where: string, code: "invalid_option" | "wrong_credential"): void {
  const typ = jwtType(token);
  if (typeof typ !== "string" || normalizeType(typ) !== RECEIPT_TYPE) return;
  throw new AgentlineError(
    `${where} is an installation receipt, which is never a bearer credential: verify it with \`verifyInstallationReceipt\` and use its installation id with \`ForgeApp.installation(id)\`.`,
    { code },
  );
}
