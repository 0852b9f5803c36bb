// Adversarial: values that pass a loose check but turn into a different request. A team id that is not a safe
// integer reaches the path as exponent text ("1e+21"); a billing cycle read by the engine's lenient `Date.parse`
// lets "5" or "2026-02-30" through (and differs between runtimes).
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/admin/index.js";
import { adminSetup } from "./client-helpers.js";
import { specServer } from "./spec-server.js";

async function refusal(call: () => Promise<unknown>): Promise<unknown> {
  return call().then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe("adversarial: path team ids", () => {
  it.each([1e21, 2 ** 53, -(2 ** 60)])(
    "refuses team id %d, which is no safe integer, before sending",
    async (teamId) => {
      const server = specServer();
      for (const call of [
        () => server.org.modelAccess.get(teamId),
        () => server.org.modelAccess.providers(teamId),
        () => server.org.modelAccess.set(teamId, { state: "unrestricted" }),
        () => server.org.modelAccess.setProvider(teamId, "p", true),
        () => server.org.modelAccess.setModel(teamId, "p", "m", { enabled: true }),
      ]) {
        const error = await refusal(call);
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).path).toBe("teamId");
      }
      expect(server.requests).toHaveLength(0);
    },
  );

  it("sends the largest safe integer as its digits", async () => {
    const server = specServer();
    await server.org.modelAccess.get(Number.MAX_SAFE_INTEGER);
    expect(server.requests[0]?.path).toBe(`/organizations/teams/${Number.MAX_SAFE_INTEGER}/model-access/configuration`);
  });
});

describe("adversarial: billingCycle is a real date string", () => {
  it.each(["5", "2026-02-30", "2026-13-01", "Jan 5", "2026/01/31", "1 2 3"])(
    "refuses %j before sending",
    async (billingCycle) => {
      const server = specServer();
      for (const call of [
        () => server.admin.billingGroups.list({ billingCycle }),
        () => server.admin.billingGroups.get("group_1", { billingCycle }),
      ]) {
        const error = await refusal(call);
        expect(error).toBeInstanceOf(ValidationError);
        expect((error as ValidationError).path).toBe("billingCycle");
        expect((error as ValidationError).rule).toBe("date");
      }
      expect(server.requests).toHaveLength(0);
    },
  );

  it.each(["2026-01-31", "2024-02-29", "2026-01-31T00:00:00Z", "2026-01-31T10:20:30.5+02:00", " 2026-01-31 "])(
    "sends %j",
    async (billingCycle) => {
      const server = specServer();
      await server.admin.billingGroups.list({ billingCycle });
      expect(server.requests[0]?.query.get("billingCycle")).toBe(billingCycle);
    },
  );
});

describe("adversarial: ids the service hands out are accepted back", () => {
  it("filters usage events by an automationId the fake service returned (a UUID)", async () => {
    const { admin, now } = adminSetup();
    const events = await admin.usage.events({ startDate: now() - 7 * 86_400_000, endDate: now() }).toArray();
    const automationId = events.find((event) => event.automationId !== undefined)?.automationId;
    expect(automationId).toBeDefined();
    const filtered = await admin.usage.events({ automationId }).toArray();
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((event) => event.automationId === automationId)).toBe(true);
  });
});
