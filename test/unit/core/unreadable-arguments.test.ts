// Arguments that throw when they are looked at: a revoked Proxy (every look throws a TypeError) and an object whose
// getter throws. A call given one rejects with an AgentlineError naming what could not be read, with what it threw as
// the cause, and nothing is sent.
import { describe, expect, it } from "vitest";
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp, ForgeClient } from "../../../src/forge/index.js";
import { createFakeService } from "../../../src/testing/index.js";

const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy as never;
};
const throwingGetter = (field: string) =>
  Object.defineProperty({}, field, {
    enumerable: true,
    get() {
      throw new Error("getter boom");
    },
  }) as never;

/** A proxy whose every trap throws (a property read, a key listing, a descriptor). */
const trap = () => {
  const boom = () => {
    throw new Error("proxy boom");
  };
  return new Proxy({}, { get: boom, ownKeys: boom, getOwnPropertyDescriptor: boom, has: boom }) as never;
};

function clients() {
  let sent = 0;
  const fetch = async () => {
    sent += 1;
    return Response.json({});
  };
  const common = { baseUrl: "http://127.0.0.1:9", fetch, maxRetries: 0 };
  return {
    sent: () => sent,
    agents: new AgentsClient({ apiKey: "key_agents_1234", ...common }),
    admin: new AdminClient({ apiKey: "team_key_1234", ...common, rateBudgets: false }),
    org: new OrganizationClient({ apiKey: "org_key_1234", organizationId: "org_1", ...common, rateBudgets: false }),
  };
}

describe("arguments that throw when read", () => {
  it("are AgentlineErrors, never the engine's TypeError or the getter's own error, and nothing is sent", async () => {
    const { sent, agents, admin, org } = clients();
    const calls: Array<[string, () => PromiseLike<unknown>]> = [
      ["agents.create(revoked)", () => agents.agents.create(revoked())],
      ["agents.create(getter)", () => agents.agents.create(throwingGetter("prompt"))],
      ["agents.list(params, revoked options)", () => agents.agents.list({}, revoked())],
      ["agents.get(id, { headers: revoked })", () => agents.agents.get("bc-1", { headers: revoked() })],
      ["runs.create(revoked)", () => agents.runs.create("bc-1", revoked())],
      ["runs.create(getter)", () => agents.runs.create("bc-1", throwingGetter("prompt"))],
      ["members.remove(revoked)", () => admin.members.remove(revoked())],
      ["directoryGroups.get(revoked)", () => admin.directoryGroups.get(revoked())],
      ["usage.events(revoked)", () => admin.usage.events(revoked())],
      ["org.modelAccess.get(revoked)", () => org.modelAccess.get(revoked())],
      ["members.list(revoked options)", () => admin.members.list(revoked())],
      ["usage.events(getter)", () => admin.usage.events(throwingGetter("startDate"))],
      ["usage.events(params, revoked options)", () => admin.usage.events({}, revoked())],
      ["spend.list(getter)", () => admin.spend.list(throwingGetter("searchTerm"))],
      ["directoryGroups.list({ x: trap proxy })", () => admin.directoryGroups.list({ x: trap() } as never)],
      ["spendLimits.retryFailed(trap proxy)", () => admin.spendLimits.retryFailed(trap())],
      ["teamMemberships.sync(revoked)", () => org.teamMemberships.sync(revoked())],
    ];
    const wrong: string[] = [];
    for (const [name, call] of calls) {
      let thrown: unknown;
      try {
        await call();
      } catch (error) {
        thrown = error;
      }
      if (
        !(thrown instanceof AgentlineError) ||
        !/invalid_argument|invalid_option|validation_error/.test(thrown.code)
      ) {
        wrong.push(`${name}: ${String(thrown)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(sent()).toBe(0);
  });
});

describe("client options and raw requests that throw when read", () => {
  it("are invalid_option / invalid_argument AgentlineErrors naming them, for every client and request()", async () => {
    const { sent, agents } = clients();
    const base = { baseUrl: "http://127.0.0.1:9" };
    const builds: Array<[string, () => unknown]> = [];
    for (const [kind, make] of [
      ["trap proxy", trap],
      ["revoked", revoked],
    ] as const) {
      builds.push(
        [`new AgentsClient(${kind})`, () => new AgentsClient(make())],
        [`new AdminClient(${kind})`, () => new AdminClient(make())],
        [`new OrganizationClient(${kind})`, () => new OrganizationClient(make())],
        [`new ForgeClient(${kind})`, () => new ForgeClient(make())],
        [`new ForgeApp(${kind})`, () => new ForgeApp(make())],
        [`createFakeService(${kind})`, () => createFakeService(make())],
        [
          `AdminClient rateBudgets: ${kind}`,
          () => new AdminClient({ apiKey: "team_key_1", ...base, rateBudgets: make() }),
        ],
        [`agents.request(${kind})`, () => agents.request(make())],
      );
    }
    const wrong: string[] = [];
    for (const [name, build] of builds) {
      let thrown: unknown;
      try {
        await build();
      } catch (error) {
        thrown = error;
      }
      if (!(thrown instanceof AgentlineError) || !/invalid_argument|invalid_option|validation_error/.test(thrown.code))
        wrong.push(`${name}: ${String(thrown)}`);
    }
    expect(wrong).toEqual([]);
    expect(sent()).toBe(0);
  });
});
