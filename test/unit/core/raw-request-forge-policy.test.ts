// The forge's `request()` keeps a known route's credential rule and points, as its built-in method does: a route the spec gives
// to another credential (an app-JWT route called with an installation token, a user-only mirror transition called by
// an installation) is refused before the network (and before its points), with the `wrong_credential` hint; every
// route the client's credential may call is sent. Swept over every forge operation × clients of each credential kind.
// Each call spends the route's cost from the spec's table; an unknown route 1 point for a read, 5 for a write.
import { beforeAll, describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient, ForgePointsBudget, generateAppKeyPair } from "../../../src/forge/index.js";
import type { ForgeCredentialKind } from "../../../src/forge/operations/entry.js";
import { FORGE_OPERATIONS } from "../../../src/forge/operations.js";

let privateKey = "";
beforeAll(async () => {
  privateKey = (await generateAppKeyPair()).privateKey;
});

type AnyRequest = (request: Record<string, unknown>) => PromiseLike<unknown>;

describe("forge request(): a known route's credential rule", () => {
  it("sweep: every forge operation × 5 clients of known and unknown credential kinds: refused before the network exactly when the spec's rule excludes the credential", async () => {
    const sent: string[] = [];
    const fetch = async (request: Request) => {
      if (request.url.endsWith("/access_tokens"))
        return Response.json({ token: "inst-token-1", expiresAt: "2999-01-01T00:00:00Z" }, { status: 201 });
      sent.push(`${request.method} ${request.url}`);
      return Response.json({});
    };
    const common = { baseUrl: "http://127.0.0.1:9", fetch, maxRetries: 0 };
    const app = new ForgeApp({ appId: "app_1", privateKey, pointsBudget: false, ...common });
    const withKind = (kind: ForgeCredentialKind) =>
      new ForgeClient({ credential: { token: async () => `${kind}-token-1`, kind }, ...common });
    // A bare `token` has no known kind: nothing is refused for it (the forge answers 401/403 itself).
    const clients: Array<[ForgeCredentialKind | "unknown", AnyRequest]> = [
      ["user", (r) => withKind("user").request(r as never)],
      ["app", (r) => withKind("app").request(r as never)],
      ["installation", (r) => withKind("installation").request(r as never)],
      ["installation", (r) => app.installation("inst_1").request(r as never)],
      ["unknown", (r) => new ForgeClient({ token: "some-token-1", ...common }).request(r as never)],
    ];
    const wrong: string[] = [];
    let refusals = 0;
    let sends = 0;
    for (const [name, entry] of Object.entries(FORGE_OPERATIONS)) {
      const { method, path, credentials } = entry as unknown as { method: string; path: string; credentials: string[] };
      // The test's own server answers token mints for the installation client.
      if (path.endsWith("/access_tokens")) continue;
      const filled = path.replace(/\{[^}]+\}/g, "7");
      for (const [kind, request] of clients) {
        const refuse = kind !== "unknown" && credentials.length > 0 && !credentials.includes(kind);
        const before = sent.length;
        let code: unknown;
        try {
          await request({ method, path: filled, points: 0 });
        } catch (error) {
          code = error instanceof AgentlineError ? error.code : `foreign ${String(error)}`;
        }
        const wasSent = sent.length > before;
        if (refuse && (wasSent || code !== "wrong_credential"))
          wrong.push(`${name} as ${kind}: ${wasSent ? "sent" : `refused with ${String(code)}`}, not refused`);
        else if (!refuse && (!wasSent || code !== undefined))
          wrong.push(`${name} as ${kind}: ${wasSent ? "sent" : "not sent"}, ${String(code)}`);
        else if (refuse) refusals++;
        else sends++;
      }
    }
    expect(wrong).toEqual([]);
    // Both outcomes were met, many times: the sweep is not vacuous.
    expect(refusals).toBeGreaterThan(20);
    expect(sends).toBeGreaterThan(20);
  });

  it("sweep: every forge operation and 7 unknown routes: request() spends the built-in method's points: 0 differences", async () => {
    const spent: unknown[] = [];
    const budget = new ForgePointsBudget();
    const acquire = budget.acquire.bind(budget);
    budget.acquire = async (principal, cost, options) => {
      spent.push(cost);
      return acquire(principal, cost, options);
    };
    const fetch = async () => Response.json({});
    const forge = new ForgeClient({
      token: "user-token-1",
      baseUrl: "http://127.0.0.1:9",
      fetch,
      maxRetries: 0,
      points: { budget, principal: async () => ({ kind: "app", id: "app_1" }) },
    });
    const cases: Array<[string, string, string, number]> = Object.entries(FORGE_OPERATIONS).map(([name, entry]) => {
      const { method, path, cost } = entry as unknown as { method: string; path: string; cost: number };
      return [name, method, path.replace(/\{[^}]+\}/g, "7"), cost];
    });
    for (const [method, cost] of [
      ["GET", 1],
      ["HEAD", 1],
      ["OPTIONS", 1],
      ["POST", 5],
      ["PUT", 5],
      ["PATCH", 5],
      ["DELETE", 5],
    ] as const) {
      cases.push([`unknown ${method}`, method, "/not-in-the-spec/7", cost]);
    }
    const wrong: string[] = [];
    for (const [name, method, path, cost] of cases) {
      spent.length = 0;
      await forge.request({ method: method as "GET", path }).then(
        () => undefined,
        () => undefined,
      );
      if (spent.length !== 1 || spent[0] !== cost)
        wrong.push(`${name}: spent ${spent.join(",") || "nothing"}, not ${cost}`);
    }
    expect(wrong).toEqual([]);
    expect(cases.length).toBeGreaterThan(60);
  });
});
