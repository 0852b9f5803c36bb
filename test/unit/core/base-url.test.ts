// `baseUrl` of every client: an address that is not one (no host, a bad port, a space in the host), or one with a
// query or fragment that each request's path would be glued into, is refused when the client is made — an
// AgentlineError `invalid_option`, never the engine's TypeError at the first call, and never a request to a wrong URL.
import { describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient } from "../../../src/forge/index.js";

type Build = (baseUrl: string, fetch: (request: Request) => Promise<Response>) => { call: () => Promise<unknown> };

const CLIENTS: Record<string, Build> = {
  AgentsClient: (baseUrl, fetch) => {
    const client = new AgentsClient({ apiKey: "k-base-url-0123", baseUrl, fetch, maxRetries: 0 });
    return { call: () => client.agents.get("bc-1") };
  },
  AdminClient: (baseUrl, fetch) => {
    const client = new AdminClient({ apiKey: "k-base-url-0123", baseUrl, fetch, maxRetries: 0 });
    return { call: () => client.members.list() };
  },
  OrganizationClient: (baseUrl, fetch) => {
    const client = new OrganizationClient({ apiKey: "k-base-url-0123", organizationId: "org_1", baseUrl, fetch });
    return { call: () => client.members.list() };
  },
  ForgeClient: (baseUrl, fetch) => {
    const client = new ForgeClient({ token: "oit_base_url_0123456789", baseUrl, fetch, maxRetries: 0 });
    return { call: () => client.rateLimit() };
  },
  ForgeApp: (baseUrl, fetch) => {
    const app = new ForgeApp({ appId: "app_1", privateKey: "unused until a call", baseUrl, fetch });
    return { call: async () => app };
  },
};

const REFUSED = [
  "https://exa mple.com",
  "https://",
  "http://[::1",
  "https://api.example.com:99999",
  "https://api.example.com/?token=abc",
  "https://api.example.com?",
  "https://api.example.com/base?x=1",
  "https://api.example.com/#frag",
  "https://api.example.com#",
  "https://exa mple.com/?token=sekrit-base-0123",
];

describe("baseUrl", () => {
  it(`${REFUSED.length} addresses × ${Object.keys(CLIENTS).length} clients: each refused when the client is made, 0 sent`, async () => {
    let sent = 0;
    const outcomes: string[] = [];
    const fetch = async () => {
      sent++;
      return new Response(null, { status: 204 });
    };
    for (const baseUrl of REFUSED) {
      for (const [name, build] of Object.entries(CLIENTS)) {
        try {
          await build(baseUrl, fetch).call();
          outcomes.push(`${name} ${baseUrl}: accepted`);
        } catch (error) {
          const ok =
            error instanceof AgentlineError && error.code === "invalid_option" && /baseUrl/.test(error.message);
          if (!ok) outcomes.push(`${name} ${baseUrl}: ${String(error)}`);
          // A malformed address may carry a token: the refusal never echoes it.
          if (String(error).includes("sekrit")) outcomes.push(`${name} ${baseUrl}: the error shows the token`);
        }
      }
    }
    expect(outcomes).toEqual([]);
    expect(sent).toBe(0);
  });

  it("a base with a path keeps it; a trailing slash and /v1 are dropped; the host is lower-cased", async () => {
    const seen: string[] = [];
    const fetch = async (request: Request) => {
      seen.push(request.url);
      return Response.json({ error: { code: "agent_not_found", message: "no" } }, { status: 404 });
    };
    for (const baseUrl of ["https://api.example.com/base/", "HTTPS://API.EXAMPLE.COM", "https://api.example.com/v1/"]) {
      await CLIENTS.AgentsClient?.(baseUrl, fetch)
        .call()
        .catch(() => {});
    }
    expect(seen).toEqual([
      "https://api.example.com/base/v1/agents/bc-1",
      "https://api.example.com/v1/agents/bc-1",
      "https://api.example.com/v1/agents/bc-1",
    ]);
  });
});
