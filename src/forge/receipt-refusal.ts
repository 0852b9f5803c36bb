import { AgentlineError } from "../core/errors.js";
import { loadOnce } from "../core/load-once.js";
import { normalizeType, RECEIPT_TYPE } from "../core/receipt-guard.js";

const loadHeaderDecoding = loadOnce(() => import("./jwt-header.js"), "jose (installation receipt check)");

/**
 * The shape of a compact JWS (three base64url segments), with the spaces and tabs around it that `fetch` trims off a
 * header value (so they would not keep a receipt from the forge): nothing else can be a receipt. The header segment
 * need not start `eyJ`: a header serialized with whitespace (`{ "alg"…`) encodes otherwise and is still a header.
 */
const COMPACT_JWT = /^[ \t]*[\w-]+\.[\w-]*\.[\w-]*[ \t]*$/;

/**
 * Refuses, before it is sent, an installation receipt given where a bearer credential goes: the spec says a receipt
 * is never one, and sending it would hand the installer's details to whoever reads the request. Its header is read
 * with jose; the error does not quote the token.
 */
export async function refuseReceiptAsBearer(token: unknown): Promise<void> {
  if (typeof token !== "string" || !COMPACT_JWT.test(token)) return;
  const { decodeProtectedHeader } = await loadHeaderDecoding();
  let typ: unknown;
  try {
    typ = decodeProtectedHeader(token.trim()).typ;
  } catch {
    return; // Not a JWT after all: the forge decides about it.
  }
  if (typeof typ !== "string" || normalizeType(typ) !== RECEIPT_TYPE) return;
  throw new AgentlineError(
    "The client's token is an installation receipt, which is never a bearer credential: verify it with `verifyInstallationReceipt` and use its installation id with `ForgeApp.installation(id)`.",
    { code: "wrong_credential" },
  );
}
