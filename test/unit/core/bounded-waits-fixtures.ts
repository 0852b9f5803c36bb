// The wait sites of the bounded-waits sweep: every place a server's Retry-After or a rate budget makes the SDK
// wait, each on a fresh fake service whose chosen route answers one 429 with an arbitrary `Retry-After` (written
// here from the spec, not by the fake, so that garbage values and far-future dates can be sent too).
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { AbortError } from "../../../src/core/errors.js";
import { MemoryRateBudgetStore } from "../../../src/core/rate-budget.js";
import { DEFAULT_MAX_WAIT_MS } from "../../../src/core/wait.js";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { ForgeClient } from "../../../src/forge/forge-client.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { ForgePointsBudget } from "../../../src/forge/points-budget.js";
import { createFakeService } from "../../../src/testing/index.js";

export const CAP = DEFAULT_MAX_WAIT_MS;
const BASE_URL = "http://127.0.0.1:9";
const START = Date.parse("2026-11-21T12:00:00Z");
const FAR_FUTURE = "Fri, 01 Jan 2100 00:00:00 GMT";

/** One `Retry-After` a server may send, and the wait it asks for at `now` (`undefined`: not a wait at all). */
export interface RetryAfterCase {
  header: string;
  askedMs: (now: number) => number | undefined;
}

const seconds = (value: number): RetryAfterCase => ({
  // 1e20 prints as digits (below 1e21), as a server would send it.
  header: String(value),
  askedMs: () => value * 1000,
});

/** The swept values: around the 60 s cap, a day, past a timer's 2³¹−1 ms, absurd, garbage and a far-future date. */
export const RETRY_AFTER_CASES: readonly RetryAfterCase[] = [
  ...[0, 1, 59, 60, 61, 86_400, 99_999_999, 2 ** 31, 1e20].map(seconds),
  { header: "garbage", askedMs: () => undefined },
  { header: FAR_FUTURE, askedMs: (now) => Date.parse(FAR_FUTURE) - now },
];

type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** A virtual clock whose `sleep` records each wait and moves time at once. */
export function recordingClock() {
  let now = START;
  const sleeps: number[] = [];
  const sleep: Sleep = async (ms, signal) => {
    if (signal?.aborted) throw new AbortError(undefined, signal.reason);
    sleeps.push(ms);
    now += ms;
  };
  return { now: () => now, sleeps, sleep };
}

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;

/**
 * Wraps `inner`: the first request matching `route` (a RegExp on `METHOD /path`) is answered 429 with
 * `retryAfter`, the error body of its API; later ones pass. `hits()` counts every matching request.
 */
export function rateLimitOnce(inner: Fetch, route: RegExp, retryAfter: string) {
  let hits = 0;
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(input, init);
    const { pathname } = new URL(request.url);
    if (!route.test(`${request.method} ${pathname}`)) return inner(request);
    hits += 1;
    if (hits > 1) return inner(request);
    const forge = pathname.startsWith("/v1/forge/");
    const body = forge
      ? { code: 8, message: "rate limit exceeded", details: [] }
      : { error: { code: "rate_limit_exceeded", message: "Rate limit exceeded." } };
    return new Response(JSON.stringify(body), {
      status: 429,
      headers: { "content-type": "application/json", "retry-after": retryAfter, "x-ratelimit-remaining": "0" },
    });
  };
  return { fetch, hits: () => hits };
}

/** A wait site ready to run: the call under test, and later calls that share its budget (this client and another). */
export interface SiteRun {
  now: () => number;
  /** The call, given an AbortSignal when the sweep aborts it. */
  call: (signal?: AbortSignal) => PromiseLike<unknown>;
  later: Array<(signal?: AbortSignal) => PromiseLike<unknown>>;
  /** Requests that reached the rate-limited route. */
  hits: () => number;
}

/** How a site is built for one `Retry-After`; `sleep` undefined means the SDK's default (real timers). */
export interface WaitSite {
  name: string;
  /** True when the 429's wait is the only wait of the call, so what it slept must add up to what was asked. */
  onlyWait: boolean;
  build: (retryAfter: string, time: { now: () => number; sleep: Sleep | undefined }) => Promise<SiteRun>;
}

const agents: WaitSite = {
  name: "agents.get (transport retry)",
  onlyWait: true,
  async build(retryAfter, { now, sleep }) {
    const fake = createFakeService({ apiKeys: ["test-key"], now });
    const limited = rateLimitOnce(fake.fetch, /^GET \/v1\/agents\/[^/]+$/, retryAfter);
    const client = new AgentsClient({ apiKey: "test-key", baseUrl: BASE_URL, fetch: limited.fetch, now, sleep });
    const { agent } = await client.agents.create({ prompt: { text: "x" } });
    return { now, call: (signal) => client.agents.get(agent.id, { signal }), later: [], hits: limited.hits };
  },
};

function adminSite(kind: "team" | "organization"): WaitSite {
  return {
    name: kind === "team" ? "admin auditLogs (budget block)" : "organization spend (budget block)",
    onlyWait: true,
    async build(retryAfter, { now, sleep }) {
      const fake = createFakeService({ now });
      const route = kind === "team" ? /^GET \/teams\/audit-logs$/ : /^POST \/organizations\/spend$/;
      const limited = rateLimitOnce(fake.fetch, route, retryAfter);
      const store = new MemoryRateBudgetStore();
      const common = { baseUrl: BASE_URL, fetch: limited.fetch, now, sleep, rateBudgets: { store } };
      const organizationId = fake.admin.organizationId;
      const client = () =>
        kind === "team"
          ? new AdminClient({ apiKey: "team-key", ...common })
          : new OrganizationClient({ apiKey: "org-key", organizationId, ...common });
      const call = (target: AdminClient | OrganizationClient) => (signal?: AbortSignal) =>
        target instanceof AdminClient
          ? target.auditLogs.list({ startTime: now() - 86_400_000, endTime: now() }, { signal })
          : target.spend.list({}, { signal });
      const first = client();
      return { now, call: call(first), later: [call(first), call(client())], hits: limited.hits };
    },
  };
}

async function forgeWorld(now: () => number, retryAfter: string, route: RegExp, users: string[] = []) {
  const scopes = ["repository:metadata:read", "repository:mirror:write"];
  const fake = createFakeService({
    now,
    forge: { userTokens: users.map((token, i) => ({ token, userId: `user_000${i + 1}`, scopes })) },
  });
  const keys = await generateAppKeyPair();
  const { appId, installationId } = fake.forge.registerApp({
    publicKeyPem: keys.publicKey,
    install: { scopes: ["repository:labels:read"] },
  });
  const limited = rateLimitOnce(fake.fetch, route, retryAfter);
  return { fake, keys, appId, installationId: installationId as string, limited };
}

function forgeAppSite(principal: "app" | "installation"): WaitSite {
  return {
    name: principal === "app" ? "forge installations.list (app points)" : "forge labels.list (installation points)",
    onlyWait: true,
    async build(retryAfter, { now, sleep }) {
      const route = principal === "app" ? /^GET \/v1\/forge\/app\/installations$/ : /^GET \/v1\/forge\/.*\/labels$/;
      const world = await forgeWorld(now, retryAfter, route);
      const store = new MemoryRateBudgetStore();
      // Two apps (two processes, say) whose points budgets share one store.
      const app = () =>
        new ForgeApp({
          appId: world.appId,
          privateKey: world.keys.privateKey,
          baseUrl: BASE_URL,
          fetch: world.limited.fetch,
          now,
          sleep,
          pointsBudget: new ForgePointsBudget({ store, now, ...(sleep ? { sleep } : {}) }),
        });
      const call = (target: ForgeApp) => async (signal?: AbortSignal) =>
        principal === "app"
          ? target.installations.list({}, { signal })
          : target.installation(world.installationId).repo("acme", "web-app").labels.list({}, { signal });
      const first = app();
      return { now, call: call(first), later: [call(first), call(app())], hits: world.limited.hits };
    },
  };
}

const forgeUser: WaitSite = {
  name: "forge repo.get (user token, transport retry)",
  onlyWait: true,
  async build(retryAfter, { now, sleep }) {
    const world = await forgeWorld(now, retryAfter, /^GET \/v1\/forge\/repos\/acme\/web-app$/, ["user-token"]);
    const client = new ForgeClient({ token: "user-token", baseUrl: BASE_URL, fetch: world.limited.fetch, now, sleep });
    return {
      now,
      call: (signal) => client.repo("acme", "web-app").get({ signal }),
      later: [],
      hits: world.limited.hits,
    };
  },
};

const mirrorWait: WaitSite = {
  name: "forge mirror.waitForJob (polling)",
  onlyWait: false,
  async build(retryAfter, { now, sleep }) {
    const world = await forgeWorld(now, retryAfter, /^GET \/v1\/forge\/.*\/mirror\/transition-jobs\/[^/]+$/, [
      "mirror-admin",
    ]);
    const { name } = world.fake.forge.mirrors.add({ status: "initial" });
    const client = new ForgeClient({
      token: "mirror-admin",
      baseUrl: BASE_URL,
      fetch: world.limited.fetch,
      now,
      sleep,
    });
    const mirror = client.repo("acme", name).mirror;
    const job = await mirror.transition({ transition: "initial_to_inbound" });
    return {
      now,
      call: (signal) => mirror.waitForJob(job.id as string, { signal }),
      later: [],
      hits: world.limited.hits,
    };
  },
};

/** Every wait site of the SDK this sweep covers (stream `retry:` and `runs.wait` are swept with the streams). */
export const WAIT_SITES: readonly WaitSite[] = [
  agents,
  adminSite("team"),
  adminSite("organization"),
  forgeAppSite("app"),
  forgeAppSite("installation"),
  forgeUser,
  mirrorWait,
];
