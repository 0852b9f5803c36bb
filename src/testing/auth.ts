import { HttpFailure } from "./responses.js";

/** Who a request authenticated as. */
export interface Caller {
  key: string;
  /** True for a key listed in `serviceAccountKeys`. */
  serviceAccount: boolean;
}

const CHALLENGE = { "www-authenticate": 'Bearer realm="agentline-fake", Basic realm="agentline-fake"' };

function unauthorized(message: string): HttpFailure {
  return new HttpFailure(401, "unauthorized", message, CHALLENGE);
}

/** Decodes base64 to a UTF-8 string with `atob` and TextDecoder; `undefined` when it is not base64. */
function decodeBase64(text: string): string | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return undefined;
  try {
    const binary = atob(text);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** Pulls the API key out of `Authorization`, or throws 401 unauthorized when it is missing or garbled. */
function extractKey(header: string | null): string {
  if (header === null || header.trim() === "")
    throw unauthorized("Missing credentials: send `Authorization: Bearer <API_KEY>`.");
  const match = /^([A-Za-z]+) +(\S+)\s*$/.exec(header.trim());
  if (!match) throw unauthorized("Malformed Authorization header.");
  const scheme = (match[1] as string).toLowerCase();
  const value = match[2] as string;
  if (scheme === "bearer") return value;
  if (scheme === "basic") {
    const decoded = decodeBase64(value);
    const colon = decoded?.indexOf(":") ?? -1;
    // The spec's Basic form is "key as username, empty password".
    if (decoded === undefined || colon <= 0 || colon !== decoded.length - 1) {
      throw unauthorized("Malformed Basic credentials: send the API key as username with an empty password.");
    }
    return decoded.slice(0, colon);
  }
  throw unauthorized(`Unsupported authorization scheme "${match[1]}"; use Bearer or Basic.`);
}

/**
 * Authenticates a request: 401 `unauthorized` for missing or garbled credentials, 401
 * `api_key_not_found` for a well-formed key the fake does not know.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Authentication)
 */
export function authenticate(
  request: Request,
  apiKeys: readonly string[],
  serviceAccountKeys: readonly string[],
): Caller {
  const key = extractKey(request.headers.get("authorization"));
  if (serviceAccountKeys.includes(key)) return { key, serviceAccount: true };
  if (apiKeys.includes(key)) return { key, serviceAccount: false };
  throw new HttpFailure(401, "api_key_not_found", "The API key is not known; create one in the dashboard.", CHALLENGE);
}
