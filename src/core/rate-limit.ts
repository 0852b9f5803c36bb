/** Rate-limit state the server advertised on a response (any header it left out is `undefined`). */
export interface RateLimitInfo {
  /** `X-RateLimit-Limit`: the budget of the window. */
  limit: number | undefined;
  /** `X-RateLimit-Remaining`: what is left of it. */
  remaining: number | undefined;
  /** `X-RateLimit-Reset`: when the window resets, as a Unix time in seconds. */
  reset: number | undefined;
  /** `X-RateLimit-Used` (forge): points used in the window. */
  used: number | undefined;
  /** `X-RateLimit-Resource` (forge): `core` or `git`. */
  resource: string | undefined;
}

function numberHeader(headers: Headers, name: string): number | undefined {
  const raw = headers.get(name);
  if (raw === null || raw.trim() === "") return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Reads the `X-RateLimit-*` headers; `undefined` when the response carried none of them. */
export function parseRateLimit(headers: Headers): RateLimitInfo | undefined {
  const info: RateLimitInfo = {
    limit: numberHeader(headers, "x-ratelimit-limit"),
    remaining: numberHeader(headers, "x-ratelimit-remaining"),
    reset: numberHeader(headers, "x-ratelimit-reset"),
    used: numberHeader(headers, "x-ratelimit-used"),
    resource: headers.get("x-ratelimit-resource") ?? undefined,
  };
  return Object.values(info).some((v) => v !== undefined) ? info : undefined;
}

// The three HTTP-date forms (RFC 9110 §5.6.7): IMF-fixdate, obsolete RFC 850 and asctime (which names no zone: GMT).
// Checked before `Date.parse`, which reads almost anything as some date ("soon 2" is a day in 2001).
const IMF_OR_RFC850_DATE = /^[A-Z][a-z]{2,8}, \d{1,2}[ -][A-Z][a-z]{2}[ -]\d{2,4} \d{2}:\d{2}:\d{2} GMT$/;
const ASCTIME_DATE = /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/;

/**
 * `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date (RFC 9110 §10.2.3). A date in the past
 * gives 0. Anything else (negative, `1e3`, a word, a date in another shape) gives `undefined`, exactly as if the
 * header were absent; a huge value stays huge (callers refuse waits above their cap rather than shorten them).
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = IMF_OR_RFC850_DATE.test(text) ? text : ASCTIME_DATE.test(text) ? `${text} GMT` : undefined;
  const at = date === undefined ? Number.NaN : Date.parse(date);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}
