/** How many rotating credentials (JWTs, tokens) are remembered; they live minutes, so the recent ones suffice. */
const RECENT_LIMIT = 64;

/**
 * The secrets a client has held, for redaction: long-lived ones kept for good (a private key), rotating
 * ones (app JWTs, installation tokens) remembered most recent first, up to a bound.
 */
export class KnownSecrets {
  readonly #kept: string[] = [];
  readonly #recent: string[] = [];

  /** Remembers a long-lived secret for the client's lifetime. */
  keep(secret: string | undefined): void {
    if (secret && !this.#kept.includes(secret)) this.#kept.push(secret);
  }

  /** Remembers a rotating credential and returns it (so a token source can be wrapped in one call). */
  remember<T extends string | undefined>(secret: T): T {
    if (!secret) return secret;
    const at = this.#recent.indexOf(secret);
    if (at === 0) return secret;
    if (at > 0) this.#recent.splice(at, 1);
    this.#recent.unshift(secret);
    if (this.#recent.length > RECENT_LIMIT) this.#recent.length = RECENT_LIMIT;
    return secret;
  }

  /** Every secret remembered. */
  list(): readonly string[] {
    return [...this.#kept, ...this.#recent];
  }
}
