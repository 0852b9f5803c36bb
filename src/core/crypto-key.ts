// The key type public signatures name. The global `CryptoKey` is declared by DOM's lib, Deno and Cloudflare's
// workers types, but not by Node's types without DOM, so a shipped .d.ts that names it fails to compile there
// (`Cannot find name 'CryptoKey'` with skipLibCheck off; test/types/ checks every environment). jose's type is the
// runtime's own `CryptoKey` wherever `crypto.subtle` is declared, and a structural key elsewhere; it is also what
// jose's signing functions take, which these keys reach. Type-only: nothing of jose is loaded by importing it.

/** The runtime's WebCrypto key type, portable to Node's types, DOM, Deno and workers types. */
export type { CryptoKey } from "jose";
