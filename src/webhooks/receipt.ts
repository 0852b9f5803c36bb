import type { JWTPayload, ProtectedHeaderParameters } from "jose";
import {
  CLOCK_OPTION,
  checkedClock,
  checkOptions,
  expectArgument,
  hasMethods,
  isAbsoluteUrl,
  isFunction,
  isText,
  numberOption,
  optional,
  optionsObject,
} from "../core/arguments.js";
import { loadOnce } from "../core/load-once.js";
import { normalizeType, RECEIPT_TYPE } from "../core/receipt-guard.js";
import { InstallationReceiptError, type InstallationReceiptReason, KeySetUnavailableError } from "./errors.js";
import type { ForgeVerificationKey } from "./key-set.js";
import { serviceBase } from "./keys.js";

// jose costs more to load than the rest of agentline/webhooks together, and only receipts need it: it is
// imported on the first receipt, once, so a webhook receiver neither ships nor starts it.
const loadJose = /* @__PURE__ */ loadOnce(() => import("./receipt-jose.js"), "jose (installation receipts)");

export { RECEIPT_TYPE };

/** Where receipt verification finds keys by `kid`: a {@link ForgeKeys}. */
export interface ReceiptKeySource {
  getKeys(): Promise<readonly ForgeVerificationKey[]>;
  /** Asked once when no active key has the receipt's `kid`; resolves true when new keys arrived. */
  refreshOnMiss?(): Promise<boolean>;
  /** The forge's `iss`, used when `baseUrl` is not given. */
  readonly issuer?: string | undefined;
}

/** What {@link verifyInstallationReceipt} takes. */
export interface VerifyInstallationReceiptOptions {
  keys: ReceiptKeySource;
  /** Your app id: the receipt's `aud`. */
  appId: string;
  /** The service address; `iss` must be `{baseUrl}/v1/forge`. Default: the issuer `keys` knows. */
  baseUrl?: string;
  /**
   * The `state` you put on the install address (`createInstallationConsent` returns it): the receipt must carry
   * the same; one without a state, or with another, is refused (`state_mismatch`).
   */
  expectedState?: string;
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /** Seconds of clock skew allowed on `exp`; default 0. */
  clockToleranceSeconds?: number;
}

/** Who installed the app, as the receipt says (never a handle). @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Installation flow) */
export interface ReceiptInstaller {
  id: string;
  email?: string;
  displayName?: string;
}

/** A verified installation receipt. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Installation flow) */
export interface InstallationReceipt {
  /** `sub`. */
  installationId: string;
  /** `namespace_id`. */
  namespaceId: string | undefined;
  installedBy: ReceiptInstaller | undefined;
  /** Present only when the install address carried a non-empty `state`. */
  state: string | undefined;
  /** Unique per receipt: remember it until `expiresAt` to refuse a replayed callback. */
  jti: string;
  /** `exp`, Unix seconds. */
  expiresAt: number;
}

function refuse(reason: InstallationReceiptReason, message: string, cause?: unknown): InstallationReceiptError {
  return new InstallationReceiptError(reason, message, cause);
}

/** jose's refusals as receipt reasons (by jose's stable `code`, not by class, to work across copies). */
function fromJose(thrown: unknown, issuer: string): InstallationReceiptError {
  const error = withoutClaims(thrown);
  const { code, claim, reason } = (error ?? {}) as { code?: string; claim?: string; reason?: string };
  if (code === "ERR_JWT_EXPIRED") return refuse("expired", "The installation receipt has expired.", error);
  if (code === "ERR_JOSE_ALG_NOT_ALLOWED") {
    return refuse("unsupported_algorithm", "The installation receipt is not signed with EdDSA.", error);
  }
  // The algorithm was checked before (EdDSA): what jose does not support here is a `crit` header extension.
  if (code === "ERR_JOSE_NOT_SUPPORTED") {
    return refuse(
      "malformed_token",
      "The installation receipt names a `crit` extension this SDK does not support.",
      error,
    );
  }
  if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED" && claim === "nbf") {
    return refuse("malformed_token", "The installation receipt is not valid yet (its `nbf` is in the future).", error);
  }
  if (code === "ERR_JWS_SIGNATURE_VERIFICATION_FAILED") {
    return refuse("invalid_signature", "The installation receipt's signature does not verify.", error);
  }
  if (code === "ERR_JWT_CLAIM_VALIDATION_FAILED") {
    if (reason === "missing")
      return refuse("missing_claim", `The installation receipt has no \`${claim}\` claim.`, error);
    if (claim === "typ") return refuse("wrong_type", `The installation receipt's typ is not ${RECEIPT_TYPE}.`, error);
    if (claim === "iss")
      return refuse(
        "wrong_issuer",
        `The installation receipt comes from another issuer than ${issuer}: set \`baseUrl\` to the forge's service address (or ForgeKeys' \`issuer\`).`,
        error,
      );
    if (claim === "aud") return refuse("wrong_audience", "The installation receipt is for another app.", error);
  }
  return refuse("malformed_token", "The installation receipt is not a valid JWT.", error);
}

/**
 * jose's claim errors carry the receipt's decoded claims (`payload`, on the error and on its `cause`): the
 * installer's email and the `state`, the app's anti-forgery value. They are dropped, so that
 * `console.log(error)` shows neither.
 */
function withoutClaims(error: unknown): unknown {
  for (const holder of [error, (error as { cause?: unknown } | null)?.cause]) {
    if (typeof holder === "object" && holder !== null) Reflect.deleteProperty(holder, "payload");
  }
  return error;
}

// A compact JWS, its signature the one base64url encoding of its 64 bytes (86 characters, the last one's two
// unused bits zero): a decoder that ignored those bits, or stray whitespace, would take altered text as the receipt.
const COMPACT_EDDSA = /^[\w-]+\.[\w-]+\.[\w-]{85}[AQgw]$/;

function sameText(a: string, b: string): boolean {
  // Constant time in the content, so the comparison does not leak how much of `state` matched.
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

// The active key with this kid; one refresh (cooldown permitting) when none has it, as after a rotation.
async function keyFor(keys: ReceiptKeySource, kid: string): Promise<ForgeVerificationKey> {
  const find = async () => {
    const active = await keys.getKeys();
    expectArgument(Array.isArray(active), "options.keys.getKeys()", "a promise of an array of { kid, key: CryptoKey }");
    return active.find((key) => key?.kid === kid);
  };
  let key: ForgeVerificationKey | undefined;
  try {
    key = (await find()) ?? ((await keys.refreshOnMiss?.()) ? await find() : undefined);
  } catch (error) {
    if (error instanceof KeySetUnavailableError) throw refuse("keys_unavailable", error.message, error);
    throw error;
  }
  if (!key) throw refuse("unknown_key", "No active forge key has the receipt's kid.");
  return key;
}

/**
 * Verifies the `installation_receipt` the installation callback receives, with jose: the key by `kid` from
 * the forge's key set, `alg` EdDSA only (so `none`, HS256 with the public key as secret, and every other
 * algorithm are refused), `typ` forge-installation-receipt+jwt, then signature, `iss`, `aud`, `exp`, `sub`
 * and `jti`, and `state` when expected. The receipt proves an installation; it is never a bearer credential.
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Installation flow)
 */
export async function verifyInstallationReceipt(
  token: string,
  options: VerifyInstallationReceiptOptions,
): Promise<InstallationReceipt> {
  // The token comes from the callback's query: a string, even an empty one, is judged as a receipt below.
  expectArgument(typeof token === "string", "token", "the callback's `installation_receipt` query value");
  optionsObject(options);
  expectArgument(hasMethods("getKeys")(options.keys), "options.keys", "a key source: new ForgeKeys({ baseUrl })");
  expectArgument(
    optional(options.keys.refreshOnMiss, isFunction),
    "options.keys.refreshOnMiss",
    "a function or omitted",
  );
  expectArgument(isText(options.appId), "options.appId", "your app id (app_…), the receipt's audience");
  checkOptions(options, "options", {
    baseUrl: [isAbsoluteUrl, "the service address, an absolute URL"],
    expectedState: [
      isText,
      "the non-empty `state` your install address carried (createInstallationConsent returns it)",
    ],
    now: CLOCK_OPTION,
    clockToleranceSeconds: numberOption(0, "seconds"),
  });
  const base = options.baseUrl === undefined ? undefined : serviceBase(options.baseUrl);
  const issuer = base === undefined ? options.keys.issuer : `${base}/v1/forge`;
  expectArgument(issuer, "options.baseUrl", "given when `keys` does not know the forge's issuer");
  const { decodeProtectedHeader, jwtVerify } = await loadJose();
  let header: ProtectedHeaderParameters;
  try {
    header = decodeProtectedHeader(token);
  } catch (error) {
    throw refuse("malformed_token", "The installation receipt is not a compact JWT.", error);
  }
  // Only a well-formed header says whether the alg is the problem; the exact shape is checked after it.
  if (header.alg === "EdDSA" && !COMPACT_EDDSA.test(token)) {
    throw refuse("malformed_token", "The installation receipt is not a compact JWT with an Ed25519 signature.");
  }
  // Checked before any key is looked up: a forged header never costs a key-set fetch.
  if (header.alg !== "EdDSA")
    throw refuse("unsupported_algorithm", "The installation receipt is not signed with EdDSA.");
  if (typeof header.typ !== "string" || normalizeType(header.typ) !== RECEIPT_TYPE) {
    throw refuse("wrong_type", `The installation receipt's typ is not ${RECEIPT_TYPE}.`);
  }
  if (typeof header.kid !== "string" || header.kid === "") throw refuse("malformed_token", "The receipt has no kid.");
  const key = await keyFor(options.keys, header.kid);

  // Read outside jose's try: a clock that is no number is the caller's option error, not a malformed token.
  const currentDate = new Date(checkedClock(options.now)());
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key.key, {
      algorithms: ["EdDSA"],
      typ: RECEIPT_TYPE,
      issuer,
      audience: options.appId,
      requiredClaims: ["exp", "sub", "jti"],
      currentDate,
      clockTolerance: options.clockToleranceSeconds ?? 0,
    }));
  } catch (error) {
    throw fromJose(error, String(issuer));
  }
  const { sub, jti, exp } = payload;
  if (typeof sub !== "string" || sub === "") throw refuse("missing_claim", "The receipt's `sub` is not an id.");
  if (typeof jti !== "string" || jti === "") throw refuse("missing_claim", "The receipt's `jti` is empty.");
  const state = typeof payload.state === "string" ? payload.state : undefined;
  // Expected: a receipt without a state is refused as surely as one with another (the install address had one).
  if (options.expectedState !== undefined && state === undefined) {
    throw refuse(
      "state_mismatch",
      "The installation receipt carries no state, but one was sent on the install address.",
    );
  }
  if (options.expectedState !== undefined && !sameText(state ?? "", options.expectedState)) {
    throw refuse("state_mismatch", "The installation receipt's state is not the one sent.");
  }
  const installedBy = payload.installedBy as ReceiptInstaller | undefined;
  return {
    installationId: sub,
    namespaceId: typeof payload.namespace_id === "string" ? payload.namespace_id : undefined,
    installedBy: typeof installedBy === "object" && installedBy !== null ? installedBy : undefined,
    state,
    jti,
    expiresAt: exp as number,
  };
}
