import { compactVerify, decodeJwt, decodeProtectedHeader, type JWTPayload, type ProtectedHeaderParameters } from "jose";
import { unauthenticated } from "./errors.js";
import type { ForgeApp, ForgeState } from "./state.js";

/** Seconds an `iat` may lie in the future (client clocks run ahead). */
export const JWT_CLOCK_SKEW_SECONDS = 60;
/** The longest `exp - iat` accepted; the spec's JWTs live about 5 minutes. */
export const MAX_JWT_LIFETIME_SECONDS = 600;
/** The `aud` of every app JWT. */
export const APP_JWT_AUDIENCE = "forge-apps";

/** A verified app JWT: the app and the JWT's `exp` in milliseconds. */
export interface VerifiedAppJwt {
  app: ForgeApp;
  expiresAt: number;
}

function decode(token: string): { header: ProtectedHeaderParameters; claims: JWTPayload } {
  try {
    return { header: decodeProtectedHeader(token), claims: decodeJwt(token) };
  } catch {
    throw unauthenticated("The bearer token is not a well-formed app JWT (header.payload.signature, base64url JSON).");
  }
}

async function signedByAnActiveKey(app: ForgeApp, token: string): Promise<boolean> {
  for (const key of app.keys) {
    try {
      await compactVerify(token, await key.cryptoKey(), { algorithms: ["EdDSA"] });
      return true;
    } catch {
      // Try the next active key: any of them may have signed it.
    }
  }
  return false;
}

/**
 * Verifies an app JWT as the forge does: EdDSA only, `kid` = `iss` = an app id, `typ` JWT,
 * `aud` forge-apps, signed by one of the app's active keys, within its lifetime.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Credentials)
 */
export async function verifyAppJwt(token: string, state: ForgeState, now: number): Promise<VerifiedAppJwt> {
  const { header, claims } = decode(token);
  if (header.alg !== "EdDSA")
    throw unauthenticated(`App JWTs must be signed with alg EdDSA (Ed25519); this one has alg ${String(header.alg)}.`);
  if (typeof header.typ !== "string" || header.typ.toUpperCase() !== "JWT")
    throw unauthenticated('The app JWT header must have typ "JWT".');
  if (typeof header.kid !== "string" || header.kid === "")
    throw unauthenticated("The app JWT header must have kid set to the app id.");
  const app = state.apps.get(header.kid);
  if (!app) throw unauthenticated(`The app JWT's kid ${header.kid} names no app.`);
  if (!(await signedByAnActiveKey(app, token)))
    throw unauthenticated(
      `No active signing key of app ${app.id} verifies the JWT's signature; register the key first.`,
    );
  if (claims.iss !== app.id) throw unauthenticated(`The app JWT's iss must equal its kid (${app.id}).`);
  const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
  if (!audiences.includes(APP_JWT_AUDIENCE)) throw unauthenticated(`The app JWT's aud must be "${APP_JWT_AUDIENCE}".`);
  const { iat, exp } = claims;
  if (typeof iat !== "number" || typeof exp !== "number")
    throw unauthenticated("The app JWT must carry numeric iat and exp claims (seconds since the epoch).");
  const nowSeconds = now / 1000;
  if (iat > nowSeconds + JWT_CLOCK_SKEW_SECONDS)
    throw unauthenticated(`The app JWT's iat is ${Math.round(iat - nowSeconds)} s in the future; check the clock.`);
  if (exp <= nowSeconds)
    throw unauthenticated(`The app JWT expired ${Math.round(nowSeconds - exp)} s ago; sign a new one.`);
  if (exp - iat > MAX_JWT_LIFETIME_SECONDS)
    throw unauthenticated(
      `The app JWT lives ${exp - iat} s (exp - iat); the limit is ${MAX_JWT_LIFETIME_SECONDS} s. Use about 5 minutes.`,
    );
  return { app, expiresAt: exp * 1000 };
}
