import { base64FromBytes } from "../core/auth.js";

/** Base64url without padding (RFC 4648 §5), as JWS and the forge's key ids use it. */
export function base64Url(bytes: Uint8Array): string {
  return base64FromBytes(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
