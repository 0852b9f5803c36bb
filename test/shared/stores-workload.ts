// The workload of the shared-store tests (test/workerd/stores.test.ts, test/deno/stores.test.ts): Admin API calls
// of every rate family with a documented budget, spread over several isolates that each hold their own clients and
// share one rate budget store, against the fake on one virtual clock. The driver here owns the clock: it sends each
// isolate a batch of calls with the current time, isolates refuse what their budget cannot grant at once
// (`maxRetryAfterMs: 0`), and the driver offers those again when the budget said they could pass. The fake counts
// what it answered; the verdict reads only that.
//
// Plain TypeScript on web APIs: the Node test (through tsx) and the Deno test both import it.

/** One Admin API call as an isolate makes it, through the client's `request()` (its known route gives the family). */
export interface AdminCall {
  id: number;
  family: string;
  keyKind: "team" | "organization";
  method: "GET" | "POST";
  path: string;
  body?: unknown;
}

/** What an isolate is asked to do: calls at time `now` against `baseUrl`, with the shared store or its own. */
export interface AdminJob {
  kind: "admin";
  now: number;
  baseUrl: string;
  /** "shared": the platform store every isolate shares; "memory": a MemoryRateBudgetStore of its own (the control). */
  store: "shared" | "memory";
  calls: AdminCall[];
}

/** How one call ended in the isolate. */
export interface CallOutcome {
  id: number;
  /** ok; refused by the budget before sending; limited: the fake answered 429; error: anything else. */
  outcome: "ok" | "refused" | "limited" | "error";
  retryAfterMs?: number;
  message?: string;
}

/** The families the workload uses, each with its documented budget (requests per minute) and a call of it. */
export const WORKLOAD_FAMILIES = [
  { family: "auditLogs", limit: 20, keyKind: "team", method: "GET", path: "/teams/audit-logs" },
  {
    family: "dailyUsage",
    limit: 20,
    keyKind: "team",
    method: "POST",
    path: "/teams/daily-usage-data",
    body: { startDate: 0, endDate: 1 },
  },
  { family: "usageEvents", limit: 60, keyKind: "team", method: "POST", path: "/teams/filtered-usage-events", body: {} },
  {
    family: "spendLimit",
    limit: 250,
    keyKind: "team",
    method: "POST",
    path: "/teams/user-spend-limit",
    body: { userEmail: "ada.lovelace@example.com", spendLimitDollars: 5 },
  },
  {
    family: "bulkSpendLimits",
    limit: 20,
    keyKind: "team",
    method: "POST",
    path: "/teams/user-spend-limits",
    body: { updates: [{ userEmail: "ada.lovelace@example.com", spendLimitDollars: 5 }] },
  },
  { family: "groups", limit: 20, keyKind: "team", method: "GET", path: "/teams/directory-groups" },
  { family: "modelAccess", limit: 20, keyKind: "team", method: "GET", path: "/teams/model-access/configuration" },
  {
    family: "organizationUsage",
    limit: 20,
    keyKind: "organization",
    method: "POST",
    path: "/organizations/pooled-usage",
    body: { organizationId: "org_fake" },
  },
] as const satisfies readonly (Omit<AdminCall, "id"> & { limit: number })[];

const FAMILY_OF = new Map<string, (typeof WORKLOAD_FAMILIES)[number]>(
  WORKLOAD_FAMILIES.map((entry) => [`${entry.method} ${entry.path}`, entry]),
);

/** `total` calls, each family's share in proportion to its budget (so every family stays busy to the end). */
export function adminWorkload(total: number): AdminCall[] {
  const sum = WORKLOAD_FAMILIES.reduce((acc, entry) => acc + entry.limit, 0);
  const calls: AdminCall[] = [];
  for (const { limit, ...call } of WORKLOAD_FAMILIES) {
    const share = Math.round((total * limit) / sum);
    for (let i = 0; i < share && calls.length < total; i++) calls.push({ ...call, id: calls.length });
  }
  while (calls.length < total) calls.push({ ...(WORKLOAD_FAMILIES[0] as Omit<AdminCall, "id">), id: calls.length });
  return calls;
}

/** What the fake answered, as the recorder in front of it saw it. */
export interface Answered {
  family: string;
  at: number;
  status: number;
}

/**
 * Wraps the fake's `fetch` to record each Admin call it answers (family, fake-clock time, status): the counts the
 * verdict uses come from the fake's side, not from what the isolates report.
 */
export function recordAnswers(
  fetch: (request: Request) => Promise<Response>,
  now: () => number,
): { fetch: (request: Request) => Promise<Response>; answered: Answered[] } {
  const answered: Answered[] = [];
  return {
    answered,
    fetch: async (request) => {
      const response = await fetch(request);
      const entry = FAMILY_OF.get(`${request.method} ${new URL(request.url).pathname.replace(/^\/v1/, "")}`);
      if (entry) answered.push({ family: entry.family, at: now(), status: response.status });
      return response;
    },
  };
}

/** Per family: the most 2xx answers in any window [t, t + 60 s), and the 429s. */
export function windowsAtTheFake(
  answered: readonly Answered[],
): Record<string, { busiest: number; limit: number; rateLimited: number; ok: number }> {
  const verdict: Record<string, { busiest: number; limit: number; rateLimited: number; ok: number }> = {};
  for (const { family, limit } of WORKLOAD_FAMILIES) {
    const granted = answered.filter((a) => a.family === family && a.status < 300).map((a) => a.at);
    granted.sort((a, b) => a - b);
    let busiest = 0;
    for (let i = 0, j = 0; j < granted.length; j++) {
      while ((granted[j] as number) - (granted[i] as number) >= 60_000) i++;
      busiest = Math.max(busiest, j - i + 1);
    }
    const rateLimited = answered.filter((a) => a.family === family && a.status === 429).length;
    verdict[family] = { busiest, limit, rateLimited, ok: granted.length };
  }
  return verdict;
}

/** What a run of the workload came to, as the isolates reported it. */
export interface WorkloadReport {
  done: number;
  refused: number;
  limited: number;
  errors: string[];
  steps: number;
  virtualMs: number;
}

/** A seeded generator of numbers in [0, 1) (mulberry32): the same run every time. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * Drives `calls` through `isolates` isolates: each step offers every family whose budget may have room 40 % of its
 * budget in calls, dealt round-robin to the isolates (isolates that did not share a budget would overspend), sends
 * each isolate its batch with the current time, and moves the clock on by 0.5–5 s (seeded), or less when a refused
 * call may pass sooner. Grants so spread over each minute and windows slide, rather than refilling all at once.
 * Ends when every call was answered 2xx (or failed otherwise, which the test reports).
 */
export async function driveWorkload(options: {
  calls: readonly AdminCall[];
  isolates: number;
  clock: { now: number };
  dispatch: (isolate: number, calls: AdminCall[], now: number) => Promise<CallOutcome[]>;
  maxSteps?: number;
}): Promise<WorkloadReport> {
  const { calls, isolates, clock, dispatch } = options;
  const start = clock.now;
  const pending = new Map<string, AdminCall[]>();
  const notBefore = new Map<string, number>();
  for (const call of calls) pending.set(call.family, [...(pending.get(call.family) ?? []), call]);
  const limitOf = new Map<string, number>(WORKLOAD_FAMILIES.map((entry) => [entry.family, entry.limit]));
  const report: WorkloadReport = { done: 0, refused: 0, limited: 0, errors: [], steps: 0, virtualMs: 0 };
  const byId = new Map(calls.map((call) => [call.id, call]));
  const random = seeded(15);
  while ([...pending.values()].some((list) => list.length > 0)) {
    if (++report.steps > (options.maxSteps ?? 5_000))
      throw new Error(`the workload did not finish in ${report.steps - 1} steps`);
    const batches: AdminCall[][] = Array.from({ length: isolates }, () => []);
    let dealt = 0;
    for (const [family, list] of pending) {
      if ((notBefore.get(family) ?? 0) > clock.now) continue;
      const offer = list.splice(0, Math.ceil((limitOf.get(family) ?? 1) * 0.4));
      for (const call of offer) (batches[dealt++ % isolates] as AdminCall[]).push(call);
    }
    const outcomes = (
      await Promise.all(batches.map((batch, isolate) => (batch.length ? dispatch(isolate, batch, clock.now) : [])))
    ).flat();
    for (const { id, outcome, retryAfterMs, message } of outcomes) {
      const call = byId.get(id) as AdminCall;
      if (outcome === "ok") report.done++;
      else if (outcome === "error") report.errors.push(`${call.family}: ${message}`);
      else {
        report[outcome]++;
        (pending.get(call.family) as AdminCall[]).unshift(call);
        const wait = Math.max(1, retryAfterMs ?? 1_000);
        notBefore.set(call.family, Math.max(notBefore.get(call.family) ?? 0, clock.now + wait));
      }
    }
    const step = clock.now + 500 + Math.floor(random() * 4_500);
    const waiting = [...pending].filter(([, list]) => list.length > 0).map(([family]) => notBefore.get(family) ?? 0);
    clock.now = Math.min(step, ...waiting.filter((at) => at > clock.now));
  }
  report.virtualMs = clock.now - start;
  return report;
}
