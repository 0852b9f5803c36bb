// `request()` finds the known operation of a path whose placeholder holds several segments (a ref `heads/feature`, a
// content path `docs/a.md`, a basehead `main...feature/x`), so the operation's retry class and points apply.
import { describe, expect, it } from "vitest";
import { MemoryRateBudgetStore, type RateBudgetStore } from "../../../src/core/rate-budget.js";
import { ForgeClient } from "../../../src/forge/index.js";
import { ForgePointsBudget } from "../../../src/forge/points-budget.js";
import { MINI_BASE_URL, type MiniForgeOptions, miniForge, rpcError } from "./mini-forge.js";

/** A user client on the mini forge whose budget store records the points every take spends. */
async function setup(routes: MiniForgeOptions["routes"] = {}) {
  const forge = await miniForge({ routes });
  const costs: number[] = [];
  const memory = new MemoryRateBudgetStore();
  const store: RateBudgetStore = {
    take: (key, cost, capacity, intervalMs, now) => {
      costs.push(cost);
      return memory.take(key, cost, capacity, intervalMs, now);
    },
    block: (key, until, now) => memory.block(key, until, now),
  };
  const client = new ForgeClient({
    token: "utok_multi_segment",
    baseUrl: MINI_BASE_URL,
    fetch: forge.fetch,
    sleep: async () => {},
    random: () => 0,
    points: { budget: new ForgePointsBudget({ store }), principal: async () => ({ kind: "user", id: "user_1" }) },
  });
  return { forge, costs, client };
}

describe("request() on a path whose placeholder holds a `/`", () => {
  it("does not repeat a branch delete (git.deleteRef is not idempotent) after a 503", async () => {
    const line = "DELETE /repos/acme/widgets/git/refs/heads/feature/x";
    const { forge, client } = await setup({ [line]: rpcError(503, 14, "unavailable") });
    await expect(
      client.request({ method: "DELETE", path: "/repos/acme/widgets/git/refs/heads/feature/x" }),
    ).rejects.toThrow(/503/);
    expect(forge.count(line)).toBe(1);
  });

  it("spends the known operation's points (commits, tarball, compare files: 5; contents: 1)", async () => {
    const paths = [
      "/repos/acme/widgets/commits/heads/main",
      "/repos/acme/widgets/commits/heads/main/files",
      "/repos/acme/widgets/tarball/heads/main",
      "/repos/acme/widgets/compare/main...feature/x/files",
      "/repos/acme/widgets/contents/docs/guide/a.md",
      "/repos/acme/widgets/git/ref/pull/7/merge",
    ];
    const routes = Object.fromEntries(paths.map((path) => [`GET ${path}`, { status: 200, body: {} }]));
    const { costs, client } = await setup(routes);
    for (const path of paths) await client.request({ method: "GET", path });
    expect(costs).toEqual([5, 5, 5, 5, 1, 1]);
  });

  it("keeps one-segment placeholders to one segment (an id never swallows a `/`)", async () => {
    const path = "/repos/acme/widgets/pulls/7/extra/thing";
    const { costs, client } = await setup({ [`GET ${path}`]: { status: 200, body: {} } });
    await client.request({ method: "GET", path });
    expect(costs).toEqual([1]);
  });
});
