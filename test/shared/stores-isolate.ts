// What one isolate of the shared-store tests does with a job from the driver (test/shared/stores-workload.ts): builds
// its Admin and Organization clients on the job's clock and the given rate budget store, makes the calls at once,
// and reports how each ended. The workerd Worker and the Deno worker both run it, on the built package.
import type { AdminCall, AdminJob, CallOutcome } from "./stores-workload.js";

/** The slice of agentline/admin an isolate uses (passed in: each runtime loads the built package its own way). */
export interface IsolateSdk {
  AdminClient: new (options: Record<string, unknown>) => AdminRequester;
  OrganizationClient: new (options: Record<string, unknown>) => AdminRequester;
}

interface AdminRequester {
  request(request: { method: string; path: string; body?: unknown }): PromiseLike<unknown>;
}

/** Runs a job's calls with `store` as the clients' rate budget store (and `fetch`, when given, as their fetch). */
export async function runAdminJob(
  job: AdminJob,
  sdk: IsolateSdk,
  store: unknown,
  fetch?: (request: Request) => Promise<Response>,
): Promise<CallOutcome[]> {
  const options = {
    baseUrl: job.baseUrl,
    ...(fetch ? { fetch } : {}),
    now: () => job.now,
    // No retries and no waiting: a call the budget cannot grant now fails at once and the driver offers it later.
    maxRetries: 0,
    maxRetryAfterMs: 0,
    rateBudgets: { store },
  };
  const team = new sdk.AdminClient({ ...options, apiKey: "team-key" });
  const organization = new sdk.OrganizationClient({ ...options, apiKey: "org-key", organizationId: "org_fake" });
  const one = async (call: AdminCall): Promise<CallOutcome> => {
    const client = call.keyKind === "team" ? team : organization;
    try {
      await client.request({ method: call.method, path: call.path, body: call.body });
      return { id: call.id, outcome: "ok" };
    } catch (error) {
      const { code, status, retryAfterMs, message } = error as Record<string, unknown>;
      if (code === "wait_exceeds_cap") return { id: call.id, outcome: "refused", retryAfterMs: retryAfterMs as number };
      if (status === 429) return { id: call.id, outcome: "limited", retryAfterMs: (retryAfterMs as number) ?? 60_000 };
      return { id: call.id, outcome: "error", message: String(message) };
    }
  };
  return Promise.all(job.calls.map(one));
}
