// What the header and option tests share: the three clients over a counting fetch, and a way to catch a rejection.
import { AdminClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { ForgeClient } from "../../../src/forge/index.js";

/** A fetch that counts what reaches it and answers every call like a healthy service. */
export function countingFetch() {
  const sent: Request[] = [];
  const fetch = async (request: Request) => {
    sent.push(request);
    return Response.json({ id: "bc-1", status: "ACTIVE", name: "n", createdAt: "2026-01-01T00:00:00Z" });
  };
  return { sent, fetch };
}

/** The rejection of `act` (sync or async), or undefined when it resolved. */
export async function failureOf(act: () => unknown): Promise<unknown> {
  try {
    await act();
    return undefined;
  } catch (error) {
    return error;
  }
}

export const baseUrl = "https://api.example.com";
type Fetch = (request: Request) => Promise<Response>;

/** Each client with good credentials, no retries, and `extra` options over `fetch`. */
export const clients = {
  agents: (extra: object, fetch: Fetch) =>
    new AgentsClient({ apiKey: "k-good-key", baseUrl, fetch, maxRetries: 0, ...extra }),
  admin: (extra: object, fetch: Fetch) =>
    new AdminClient({ apiKey: "key_admin_good", baseUrl, fetch, maxRetries: 0, ...extra }),
  forge: (extra: object, fetch: Fetch) =>
    new ForgeClient({ token: "usr_good_token", baseUrl, fetch, maxRetries: 0, ...extra }),
};

/** A raw GET through any of them (`request()` is the same on every client). */
export const rawGet = (client: AgentsClient | AdminClient | ForgeClient, options?: object) =>
  (client as AgentsClient).request({ method: "GET", path: "/v1/agents/bc-1", ...options });
