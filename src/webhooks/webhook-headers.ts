import { WebhookVerificationError, type WebhookVerificationReason } from "./errors.js";
import { base64ToBytes } from "./scheme.js";

// Reading the delivery headers strictly: a header sent twice, or a value of the wrong form, is refused
// rather than guessed at. Nothing here echoes a header's value into an error.

/** Headers as a `Headers` object, or a plain record (Node's `IncomingMessage.headers` shape, any casing). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The most signature entries read from one header: more is refused before any crypto runs. */
export const MAX_SIGNATURE_ENTRIES = 16;

// 1 to 4096 printable ASCII characters.
const WELL_FORMED = /^[ -~]{1,4096}$/;

/** A refusal about one header, named (its value is never echoed). */
export function refuse(reason: WebhookVerificationReason, name: string, what: string): WebhookVerificationError {
  return new WebhookVerificationError(reason, `The \`${name}\` header ${what}.`);
}

/**
 * The headers as a `Headers` object. A record's repeated header (an array, or two casings of one name) is
 * appended twice, which `Headers` joins with ", ", which {@link readHeader} refuses.
 */
export function toHeaders(headers: WebhookHeaders): Headers {
  if (headers instanceof Headers) return headers;
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    for (const one of [value ?? []].flat()) {
      try {
        out.append(name, one);
      } catch {
        // The engine's error quotes the value, which may be any header (an `authorization` among them): it is
        // not kept as the cause, and only a name that is a valid token is named.
        const named = /^[!#$%&'*+.^`|~\w-]{1,256}$/.test(name) ? ` \`${name}\`` : "";
        throw new WebhookVerificationError("malformed_header", `A header${named} is not valid HTTP.`);
      }
    }
  }
  return out;
}

/**
 * One header's value, trimmed; refuses a missing one (unless `optional`), an empty one, one sent twice, and
 * anything but printable ASCII.
 */
export function readHeader(headers: Headers, name: string, optional?: boolean): string | undefined {
  const joined = headers.get(name);
  if (joined === null) {
    if (optional) return undefined;
    throw refuse("missing_header", name, "is missing");
  }
  const value = joined.trim();
  // The ", " is how `Headers` joins a header sent twice; looked for before trimming, so that a second, empty
  // value (joined as a trailing ", ") is caught too.
  if (!WELL_FORMED.test(value) || joined.includes(", ")) {
    throw refuse("malformed_header", name, "is repeated or malformed");
  }
  return value;
}

/** Unix seconds of the timestamp header (digits only). */
export function readTimestamp(value: string, name: string): number {
  if (!/^\d{1,12}$/.test(value)) throw refuse("malformed_header", name, "is not Unix seconds");
  return Number(value);
}

/**
 * The Ed25519 signatures (64 bytes each) of a `webhook-signature` value: space-separated `<prefix>,<base64>`
 * entries. As in Standard Webhooks, any one valid entry is enough: entries of another scheme and malformed
 * entries beside a well-formed one are skipped (they carry no authority, and refusing them would lose genuine
 * deliveries during a scheme change). A value with no well-formed entry of an accepted prefix and some malformed
 * entry, or with more than {@link MAX_SIGNATURE_ENTRIES} entries, refuses the delivery before any crypto runs.
 */
export function readSignatures(value: string, acceptedPrefixes: readonly string[]): Uint8Array<ArrayBuffer>[] {
  const refused = () =>
    new WebhookVerificationError(
      "malformed_signature",
      `Expected up to ${MAX_SIGNATURE_ENTRIES} space-separated \`<prefix>,<base64 signature>\` entries.`,
    );
  const entries = value.split(/ +/);
  if (entries.length > MAX_SIGNATURE_ENTRIES) throw refused();
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  let malformed = false;
  for (const entry of entries) {
    const comma = entry.indexOf(",");
    const prefix = comma > 0 ? entry.slice(0, comma) : "";
    const content = entry.slice(comma + 1);
    if (prefix && content && !acceptedPrefixes.includes(prefix)) continue; // another scheme's entry
    const bytes = prefix ? base64ToBytes(content) : undefined;
    if (bytes?.length === 64) signatures.push(bytes);
    else malformed = true;
  }
  if (malformed && !signatures.length) throw refused();
  return signatures;
}
