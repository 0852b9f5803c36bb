import { loadOnce } from "../core/load-once.js";

const loadSigning = loadOnce(() => import("./jwt-signing.js"), "jose (app JWT signing)");

/** What an app JWT is signed with and for. */
export interface AppJwtOptions {
  appId: string;
  key: CryptoKey;
  /** The clock, in ms. */
  now: () => number;
}

/** Seconds the `iat` claim is set back, so a forge clock slightly behind ours still accepts the JWT. */
export const APP_JWT_SKEW_SECONDS = 30;
/**
 * The JWT's lifetime from now: 270 s, so that from `iat` to `exp` it lives exactly 5 minutes ("about 5 minutes"),
 * whether the forge bounds what is left of it or its whole life.
 */
export const APP_JWT_TTL_SECONDS = 300 - APP_JWT_SKEW_SECONDS;
/** Reuse a JWT until this long before it expires. */
export const APP_JWT_REUSE_MARGIN_SECONDS = 60;

/**
 * Signs an app JWT with jose (its signing part, loaded on the first signing): header `alg` EdDSA, `kid` = app id,
 * `typ` JWT; claims `iss` = app id, `aud` forge-apps, `iat` 30 s in the past, `exp` 5 minutes after `iat`.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Credentials)
 */
export async function signAppJwt(options: AppJwtOptions): Promise<SignedAppJwt> {
  const nowSeconds = Math.floor(options.now() / 1000);
  const exp = nowSeconds + APP_JWT_TTL_SECONDS;
  const { SignJWT } = await loadSigning();
  const jwt = await new SignJWT({})
    .setProtectedHeader({ alg: "EdDSA", kid: options.appId, typ: "JWT" })
    .setIssuer(options.appId)
    .setAudience("forge-apps")
    .setIssuedAt(nowSeconds - APP_JWT_SKEW_SECONDS)
    .setExpirationTime(exp)
    .sign(options.key);
  return { jwt, expiresAt: exp * 1000, signedAt: nowSeconds * 1000 };
}

/** A signed app JWT, when it expires, and the clock's time (whole seconds, in ms) it was signed at. */
export interface SignedAppJwt {
  jwt: string;
  expiresAt: number;
  signedAt: number;
}

/**
 * Hands out app JWTs, reusing one until about a minute before it expires. Concurrent callers share one
 * signing. `fresh()` always signs a new one (token requests need the longest possible `exp`, since the
 * forge caps a token's lifetime at the requesting JWT's).
 */
export class AppJwtSource {
  readonly #options: AppJwtOptions;
  #current: Promise<SignedAppJwt> | undefined;

  constructor(options: AppJwtOptions) {
    this.#options = options;
  }

  /** A JWT valid for at least another minute. */
  async get(): Promise<string> {
    const current = this.#current;
    const signed = current ? await current.catch(() => undefined) : undefined;
    if (signed && this.#reusable(signed)) return signed.jwt;
    // Callers that found the same JWT too old share one new signing: only the first replaces it.
    if (this.#current === current) this.#current = signAppJwt(this.#options);
    return (await (this.#current as Promise<SignedAppJwt>)).jwt;
  }

  /** A newly signed JWT (and it becomes the one `get()` reuses). */
  async fresh(): Promise<SignedAppJwt> {
    this.#current = signAppJwt(this.#options);
    return this.#current;
  }

  /**
   * More than the margin left, and the clock not set back since the signing: a clock gone back would send an `iat`
   * in the future and an `exp` more than 5 minutes ahead, which the forge may refuse.
   */
  #reusable(signed: SignedAppJwt): boolean {
    const now = this.#options.now();
    return now >= signed.signedAt && signed.expiresAt - now > APP_JWT_REUSE_MARGIN_SECONDS * 1000;
  }
}
