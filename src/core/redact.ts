/** What replaces a secret wherever it would otherwise be printed. */
export const REDACTED = "[redacted]";

// Credentials that look like credentials even when we were not told them: bearer/basic values,
// JWT-shaped strings and forge installation tokens.
const CREDENTIAL_PATTERNS: readonly RegExp[] = [
  /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi,
  /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g,
  /\boit_[A-Za-z0-9_-]{8,}/g,
];

/**
 * Removes every known secret (and anything credential-shaped) from a text that may reach an error
 * message or a log line. Secrets shorter than 4 characters are ignored: replacing them would mangle
 * ordinary words while protecting nothing.
 */
export function redactText(text: string, secrets: readonly string[] = []): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  for (const pattern of CREDENTIAL_PATTERNS) {
    out = out.replace(pattern, (_match, scheme?: string) =>
      typeof scheme === "string" && /^(bearer|basic)$/i.test(scheme) ? `${scheme} ${REDACTED}` : REDACTED,
    );
  }
  return out;
}

const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie", "x-api-key"]);

/** A plain record of headers with credential-bearing ones replaced, for logs and hooks' records. */
export function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value;
  });
  return out;
}
