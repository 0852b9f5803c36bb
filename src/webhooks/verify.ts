import {
  badArgument,
  CLOCK_OPTION,
  checkedClock,
  checkOptions,
  expectArgument,
  hasMethods,
  isFunction,
  isObject,
  numberOption,
  OBJECT_OPTION,
  optional,
  optionsObject,
} from "../core/arguments.js";
import type { CryptoKey } from "../core/crypto-key.js";
import { DEFAULT_MAX_BODY_BYTES, isBytes, isRawBody, readCappedBody } from "./body.js";
import { WebhookVerificationError } from "./errors.js";
import type { ForgeVerificationKey } from "./key-set.js";
import { resolveWebhookScheme, type WebhookScheme } from "./scheme.js";
import {
  EVENT_TYPE_HEADER,
  INSTALLATION_HEADER,
  routeOnSignedBody,
  type SignedRouting,
  type WebhookTypeSource,
} from "./signed-routing.js";
import { readHeader, readSignatures, readTimestamp, toHeaders, type WebhookHeaders } from "./webhook-headers.js";

/** Where verification gets its keys: a {@link ForgeKeys}, or any source of active Ed25519 keys. */
export interface WebhookKeySource {
  getKeys(): Promise<readonly ForgeVerificationKey[]>;
  /** Asked once when no key verifies; resolves true when new keys arrived. */
  refreshOnMiss?(): Promise<boolean>;
}

/** A delivery taken apart by a server framework: headers and the raw, unparsed body. */
export interface WebhookParts {
  headers: WebhookHeaders;
  /** The exact bytes received (a string is read as UTF-8). Never a re-serialized JSON object. */
  body: string | Uint8Array | ArrayBuffer | ReadableStream<Uint8Array> | null | undefined;
}

/** What {@link verifyWebhook} takes. */
export interface VerifyWebhookOptions {
  keys: WebhookKeySource;
  /** How far the timestamp may be from now, either way; default 300 s. */
  toleranceSeconds?: number;
  /** Milliseconds since the epoch; default `Date.now`. */
  now?: () => number;
  /** The largest body accepted; default 25 MiB ({@link DEFAULT_MAX_BODY_BYTES}). */
  maxBodyBytes?: number;
  /** Header names, prefixes and signed content (default: the forge's `v1ed` scheme, `v1a` accepted). */
  scheme?: Partial<WebhookScheme>;
}

/**
 * A verified delivery. The signature covers id, timestamp and body only: `type` and `installationId` come from
 * the signed body, and an unsigned header that disagrees with it was refused (`header_mismatch`).
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export interface VerifiedWebhook extends SignedRouting {
  /** `webhook-id`: the delivery id (signed); deduplicate on it. */
  id: string;
  /**
   * The event type: the signed body's `type` (else `event.type`); when the body names none, the unsigned
   * `webhook-event-type` header, and then `typeSource` is `"header"`.
   */
  type: string;
  /** `"body"`: `type` is signed. `"header"`: the body names no type; `type` is the sender's unsigned claim. */
  typeSource: WebhookTypeSource;
  /** The installation the signed body names (`installation.id`); undefined when it names none (pings). Never a header. */
  installationId: string | undefined;
  /** The unsigned `webhook-installation-id` header, set only when the signed body names no installation: unverified. */
  unverifiedInstallationId: string | undefined;
  /** `webhook-timestamp`, Unix seconds (signed). */
  timestamp: number;
  /** The body parsed as JSON, after the signature was checked. */
  payload: unknown;
  /** The exact bytes that were signed. */
  rawBody: Uint8Array;
}

export { EVENT_TYPE_HEADER, INSTALLATION_HEADER };

/** Checks the options {@link verifyWebhook} and `createWebhookHandler` share; the scheme is checked as it is resolved. */
export function checkVerifyOptions(options: VerifyWebhookOptions): void {
  optionsObject(options);
  expectArgument(hasMethods("getKeys")(options.keys), "options.keys", "a key source: new ForgeKeys({ baseUrl })");
  expectArgument(
    optional(options.keys.refreshOnMiss, isFunction),
    "options.keys.refreshOnMiss",
    "a function or omitted",
  );
  checkOptions(options, "options", {
    toleranceSeconds: numberOption(0, "seconds"),
    now: CLOCK_OPTION,
    maxBodyBytes: numberOption(1, "bytes"),
    scheme: OBJECT_OPTION,
  });
}

// Strict UTF-8 (a malformed byte is an error, not U+FFFD); a leading BOM is dropped.
const utf8 = /* @__PURE__ */ new TextDecoder("utf-8", { fatal: true });

/**
 * Verifies a webhook delivery by the forge's scheme and only then parses it: headers read strictly (missing,
 * empty or duplicated ones refused), the timestamp within the tolerance either way, the raw body read with a
 * byte cap, and any listed signature verified with any active key (`crypto.subtle.verify("Ed25519", …)`).
 * When none verifies, the key set is refreshed once (cooldown-bounded), which picks up a rotation on its
 * first delivery. The type and installation are then read from the signed body; an unsigned header that
 * disagrees with it is refused (`header_mismatch`). Every refusal is a {@link WebhookVerificationError} with
 * a `reason`.
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export async function verifyWebhook(
  input: Request | WebhookParts,
  options: VerifyWebhookOptions,
): Promise<VerifiedWebhook> {
  expectArgument(
    isObject(input) && isObject(input.headers),
    "input.headers",
    "headers: pass the Request, or { headers, body }",
  );
  expectArgument(!(input as Request).bodyUsed, "input", "a request whose body was not read yet (verify first)");
  expectArgument(
    isRawBody(input.body),
    "input.body",
    "the raw body as received (a string, bytes or a ReadableStream), never parsed JSON",
  );
  checkVerifyOptions(options);
  const { keys } = options;
  const scheme = resolveWebhookScheme(options.scheme);
  const headers = toHeaders(input.headers);
  const id = readHeader(headers, scheme.idHeader) as string;
  const timestampText = readHeader(headers, scheme.timestampHeader) as string;
  const signatureText = readHeader(headers, scheme.signatureHeader) as string;
  // Unsigned: read strictly here (a repeated one is refused before any crypto), checked against the body below.
  const typeHeader = readHeader(headers, EVENT_TYPE_HEADER, true);
  const installationHeader = readHeader(headers, INSTALLATION_HEADER, true);
  const timestamp = readTimestamp(timestampText, scheme.timestampHeader);
  const signatures = readSignatures(signatureText, scheme.acceptedPrefixes);
  // A clock that gives no number would make every skew NaN, and NaN is never "out of tolerance": fail closed.
  const nowMs = checkedClock(options.now)();
  const skew = Math.floor(nowMs / 1000) - timestamp;
  const tolerance = options.toleranceSeconds ?? 300;
  if (Math.abs(skew) > tolerance) {
    throw new WebhookVerificationError(
      "timestamp_out_of_tolerance",
      `The timestamp is ${Math.abs(skew)} s ${skew > 0 ? "old" : "in the future"}; the tolerance is ${tolerance} s.`,
    );
  }

  const rawBody = await readCappedBody(
    input.body as BodyInit | null | undefined,
    options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    headers.get("content-length"),
  );

  const content = scheme.signedContent(id, timestampText, rawBody) as Uint8Array<ArrayBuffer>;
  expectArgument(isBytes(content), "scheme.signedContent", "a function returning the signed bytes (a Uint8Array)");
  // What the key source gave is checked as it is used: SubtleCrypto's refusal of a key that is no Ed25519
  // CryptoKey (a JWK, null) names the source.
  const wrongKeys = () => badArgument("options.keys.getKeys()", "a promise of an array of { kid, key: CryptoKey }");
  // The keys last tried: a set that changed since (another delivery's refresh landed meanwhile) is tried too.
  let tried: unknown;
  // Whether any listed signature verifies with any active key.
  const verifies = async () => {
    const active = await keys.getKeys();
    if (!Array.isArray(active)) wrongKeys();
    tried = active;
    for (const signature of signatures) {
      for (const entry of active) {
        const key = (entry as ForgeVerificationKey | null)?.key as CryptoKey;
        if (await crypto.subtle.verify("Ed25519", key, signature, content).catch(wrongKeys)) return true;
      }
    }
    return false;
  };
  // No accepted entry needs no keys. A miss may be a key that rotated in since the set was fetched: one
  // refresh, bounded by the key source, then one more try; also when the refresh was another delivery's, which
  // landed while this one was verifying (the source then has nothing new to report, but its set changed).
  const retry = async () => {
    const before = tried;
    const refreshed = await keys.refreshOnMiss?.();
    return (refreshed || (await keys.getKeys()) !== before) && (await verifies());
  };
  if (!signatures.length || !((await verifies()) || (await retry()))) {
    throw new WebhookVerificationError(
      "no_matching_signature",
      `No ${scheme.acceptedPrefixes.join("/")} signature verifies with the forge's active keys.`,
    );
  }

  let payload: unknown;
  try {
    payload = JSON.parse(utf8.decode(rawBody));
  } catch (error) {
    throw new WebhookVerificationError("invalid_json", "The body is not UTF-8 JSON.", error);
  }
  return { id, ...routeOnSignedBody(payload, typeHeader, installationHeader), timestamp, payload, rawBody };
}
