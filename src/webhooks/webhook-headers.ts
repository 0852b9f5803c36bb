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
  try {
    return new Headers(
      Object.entries(headers).flatMap(([name, value]) =>
        [value ?? []].flat().map((one): [string, string] => [name, one]),
      ),
    );
  } catch (error) {
    throw new WebhookVerificationError("malformed_header", "A header name or value is not valid HTTP.", error);
  }
}

/**
 * One header's value, trimmed; refuses a missing one (unless `optional`), an empty one, one sent twice, and
 * anything but printable ASCII.
 */
export function readHeader(headers: Headers, name: string, optional?: boolean): string | undefined {
  const value = headers.get(name)?.trim();
  if (value === undefined) {
    if (optional) return value;
    throw refuse("missing_header", name, "is missing");
  }
  // The ", " is how `Headers` joins a header sent twice.
  if (!WELL_FORMED.test(value) || value.includes(", ")) {
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
 * entries. Entries with a prefix not accepted (another scheme's) are skipped; a malformed entry, or more
 * than {@link MAX_SIGNATURE_ENTRIES}, refuses the delivery.
 */
export function readSignatures(value: string, acceptedPrefixes: readonly string[]): Uint8Array<ArrayBuffer>[] {
  const entries = value.split(/ +/);
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const entry of entries) {
    const [prefix = "", base64, extra] = entry.split(",");
    const bytes = base64ToBytes(base64 ?? "");
    const accepted = acceptedPrefixes.includes(prefix);
    // Another scheme's entry is skipped, but must still look like one.
    if (
      entries.length > MAX_SIGNATURE_ENTRIES ||
      !prefix ||
      extra !== undefined ||
      !bytes ||
      (accepted && bytes.length !== 64)
    ) {
      throw new WebhookVerificationError(
        "malformed_signature",
        `Expected up to ${MAX_SIGNATURE_ENTRIES} space-separated \`<prefix>,<base64 signature>\` entries.`,
      );
    }
    if (accepted) signatures.push(bytes);
  }
  return signatures;
}
