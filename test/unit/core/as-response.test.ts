// `asResponse()`: every call's raw `Response` with its body unread. Swept over every route's public method against a
// server answering 404 (the typed error still rejects), and checked byte for byte on successes over the fake; a call
// started by `request(…).asResponse()` leaves the body to the caller (a stream that never ends still resolves).
import { beforeAll, describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError, NotFoundError, ValidationError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";
import { createFakeService } from "../../../src/testing/index.js";
import {
  ADMIN_INVOKERS,
  AGENTS_INVOKERS,
  adminValues,
  argument,
  type Clients,
  FORGE_INVOKERS,
  type Invoker,
  methodOf,
} from "./route-invokers.js";

const BASE_URL = "http://127.0.0.1:9";
let keys: { privateKey: string; publicKey: string };
beforeAll(async () => {
  keys = await generateAppKeyPair();
});

function clientsOn(fetch: (request: Request) => Promise<Response>): Clients {
  const common = { baseUrl: BASE_URL, fetch, maxRetries: 0 };
  return {
    agents: new AgentsClient({ apiKey: "test-key", ...common }),
    admin: new AdminClient({ apiKey: "team-key", rateBudgets: false, ...common }),
    org: new OrganizationClient({ apiKey: "org-key", organizationId: "org_1", rateBudgets: false, ...common }),
    forge: new ForgeClient({ token: "user-token", ...common }),
    app: new ForgeApp({ appId: "app_1", privateKey: keys.privateKey, pointsBudget: false, ...common }),
    publicKey: keys.publicKey,
  };
}

/** A valid value for each placeholder of a route. */
function values(route: string): Record<string, string> {
  return {
    id: "bc-1",
    runId: "run-1",
    ...adminValues(route),
    owner: "acme",
    repo: "widgets",
    ref: "heads/main",
    path: "docs/a.md",
    basehead: "main",
    pullNumber: "7",
    namespaceSlug: "acme",
    ownerSlug: "acme",
  };
}

describe("asResponse()", () => {
  it("sweep: every route's method returning an API promise or a list rejects with the typed error on a 404: 0 otherwise", async () => {
    const clients = clientsOn(async () =>
      Response.json(
        { error: { code: "not_found", message: "nothing here" }, code: 5, message: "nothing here" },
        {
          status: 404,
        },
      ),
    );
    const all: Array<[string, Invoker]> = [
      ...Object.entries(AGENTS_INVOKERS),
      ...Object.entries(ADMIN_INVOKERS),
      ...Object.entries(FORGE_INVOKERS),
    ];
    let swept = 0;
    // The route table's arguments are for path sweeps: some bodies are left out, and those calls are refused before
    // the network. asResponse() must then reject with that same request ValidationError.
    let refused = 0;
    const without: string[] = [];
    const wrong: string[] = [];
    for (const [route, invoker] of all) {
      if (invoker.method.startsWith("webhooks:")) continue;
      const filled = new Proxy(values(route), { get: (target, name) => target[name as string] ?? `${String(name)}-1` });
      const method = methodOf(clients, invoker, filled);
      if (!method) throw new Error(`${route}: no method`);
      let result: unknown;
      try {
        result = method(...(invoker.args ?? []).map((arg) => argument(arg, clients, filled)));
      } catch (error) {
        if (error instanceof ValidationError && error.direction === "request") refused++;
        else wrong.push(`${route}: threw ${String(error)}`);
        continue;
      }
      const asResponse = (result as { asResponse?: () => Promise<Response> } | undefined)?.asResponse;
      if (typeof asResponse !== "function") {
        without.push(route);
        // Settle whatever it was, so no rejection is left unhandled.
        await Promise.resolve(result).catch(() => undefined);
        continue;
      }
      const error = await asResponse.call(result).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (error instanceof NotFoundError) swept++;
      else if (error instanceof ValidationError && error.direction === "request") refused++;
      else wrong.push(`${route}: ${String(error)}`);
      await Promise.resolve(result).catch(() => undefined);
    }
    console.info(
      `asResponse sweep: ${swept} methods answered 404 → NotFoundError, ${refused} refused before the network, ${without.length} without asResponse`,
    );
    expect(wrong).toEqual([]);
    expect(swept).toBeGreaterThan(150);
    // What returns no API promise: the run stream (an async iterable) and the composite operations, each several
    // requests or a cache behind one promise (chunked bulk writes, windowed daily usage, membership sync, tokens).
    expect(without.sort()).toEqual(
      [
        "runs.stream",
        "usage.daily",
        "spendLimits.setMany",
        "directoryGroups.addMembers",
        "directoryGroups.removeMembers",
        "org.teamMemberships.sync",
        "org.usage.daily",
        "org.modelAccess.setMany",
        "org.modelAccess.setProviderMany",
        "org.modelAccess.setModelMany",
        "org.groups.addMembers",
        "org.groups.removeMembers",
        "installationToken",
      ].sort(),
    );
    const sweepable = all.filter(([, invoker]) => !invoker.method.startsWith("webhooks:"));
    expect(swept + refused).toBe(sweepable.length - without.length);
  });

  it("on success: the status, headers, URL and exact body text the server sent, unread, for calls and first pages", async () => {
    const fake = createFakeService();
    const wire: Array<{ url: string; text: string }> = [];
    const fetch = async (request: Request) => {
      const response = await fake.fetch(request);
      // As a network answer would be: it carries the URL it came from.
      Object.defineProperty(response, "url", { value: request.url });
      wire.push({ url: request.url, text: await response.clone().text() });
      return response;
    };
    const { agents, admin } = clientsOn(fetch);
    const { agent } = await agents.agents.create({ prompt: { text: "x" } });
    const calls: Array<[string, () => Promise<Response>]> = [
      ["agents.get", () => agents.agents.get(agent.id).asResponse()],
      ["agents.list (first page)", () => agents.agents.list().asResponse()],
      ["runs.list (first page)", () => agents.runs.list(agent.id).asResponse()],
      ["admin.members.list (first page)", () => admin.members.list().asResponse()],
      ["request", () => agents.request({ method: "GET", path: `/v1/agents/${agent.id}` }).asResponse()],
    ];
    for (const [name, call] of calls) {
      const response = await call();
      const sent = wire.at(-1);
      expect(response.bodyUsed, name).toBe(false);
      expect(response.status, name).toBe(200);
      expect(response.url, name).toBe(sent?.url);
      expect(response.headers.get("content-type"), name).toMatch(/json/);
      expect(await response.text(), name).toBe(sent?.text);
    }
  });

  it("after the data was awaited, asResponse() still gives an unread copy; withResponse() keeps the read original", async () => {
    const fake = createFakeService();
    const { agents } = clientsOn(fake.fetch);
    const { agent } = await agents.agents.create({ prompt: { text: "x" } });
    const call = agents.agents.get(agent.id);
    const data = await call;
    const { response } = await call.withResponse();
    expect(response.bodyUsed).toBe(true);
    const copy = await call.asResponse();
    expect(await copy.json()).toMatchObject({ id: data.id });
    expect(await call.asResponse()).toBe(copy);
    const deleted = agents.request({ method: "DELETE", path: `/v1/agents/${agent.id}` });
    await deleted;
    expect((await deleted.asResponse()).status).toBe(200);
  });

  it("request(…).asResponse() leaves the body to the caller: an endless non-JSON stream resolves at its headers", async () => {
    let pulls = 0;
    const endless = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            pulls++;
            controller.enqueue(new TextEncoder().encode("chunk;"));
          },
        }),
        { headers: { "content-type": "application/octet-stream" } },
      );
    const { agents } = clientsOn(endless);
    const call = agents.request({ method: "GET", path: "/v1/agents/bc-1/artifacts/download" });
    const response = await call.asResponse();
    expect(response.bodyUsed).toBe(false);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("chunk;");
    await reader.cancel();
    expect(pulls).toBeLessThan(10);
    // The data of a call the caller took raw was never parsed: awaiting it says so, typed.
    const error = await Promise.resolve(call).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AgentlineError);
    expect((error as AgentlineError).code).toBe("body_not_parsed");
  });

  it("a non-2xx answer still rejects asResponse() with the typed error (request() raw mode included)", async () => {
    const { agents } = clientsOn(async () =>
      Response.json({ error: { code: "agent_not_found", message: "no" } }, { status: 404 }),
    );
    await expect(agents.agents.get("bc-1").asResponse()).rejects.toBeInstanceOf(NotFoundError);
    await expect(agents.request({ method: "GET", path: "/v1/agents/bc-1" }).asResponse()).rejects.toMatchObject({
      code: "agent_not_found",
      status: 404,
    });
  });
});
