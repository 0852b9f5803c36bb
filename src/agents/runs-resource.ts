import { AbortError } from "../core/errors.js";
import type { CallOptions } from "../core/options.js";
import { PagePromise } from "../core/pagination.js";
import { sleep as defaultSleep } from "../core/signals.js";
import { type AgentsContext, call, requireId, send } from "./resource-base.js";
import { isTerminalRunStatus } from "./schemas/constants.js";
import {
  CreateRunResponseSchema,
  IdResponseSchema,
  type ListRunsResponse,
  ListRunsResponseSchema,
  type Run,
  RunSchema,
} from "./schemas/resources.js";
import { assertCreateRunRequest, assertListRunsQuery, type CreateRunParams, type ListRunsParams } from "./validate.js";

/** Options of {@link RunsResource.wait}. */
export interface WaitOptions {
  signal?: AbortSignal | undefined;
  /** Called with the run each time its status changes (including the first read). */
  onStatus?: ((run: Run) => void) | undefined;
  /** Time between reads when polling (default 2 000 ms). */
  pollIntervalMs?: number | undefined;
  /** Waits between polls; inject to make tests instant. */
  sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
}

/**
 * Runs of an agent: follow-ups, listing, reading, cancelling, waiting.
 * @see spec/cloud-agents-api.md#endpoints
 */
export class RunsResource {
  readonly #context: AgentsContext;

  constructor(context: AgentsContext) {
    this.#context = context;
  }

  /**
   * Starts a follow-up run on an agent. Not idempotent: after an ambiguous failure (connection lost,
   * 5xx) it is not retried, since the run may exist; a 429 is retried (it was not processed).
   */
  create(agentId: string, body: CreateRunParams, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "createRun",
      operation: "runs.create",
      pathParams: { id: requireId(agentId, "agentId", "runs.create") },
      body: assertCreateRunRequest(body),
      idempotent: false,
      schema: CreateRunResponseSchema,
      options,
    }));
  }

  /** Lists an agent's runs, newest first: await for the first page, `for await` for every run. */
  list(agentId: string, params: ListRunsParams = {}, options?: CallOptions): PagePromise<Run, ListRunsResponse> {
    return new PagePromise(async (cursor) => {
      const id = requireId(agentId, "agentId", "runs.list");
      const query = assertListRunsQuery(cursor === undefined ? params : { ...params, cursor });
      return send(this.#context, {
        route: "listRuns",
        operation: "runs.list",
        pathParams: { id },
        query: { ...query },
        schema: ListRunsResponseSchema,
        options,
      });
    });
  }

  /** Reads one run. */
  get(agentId: string, runId: string, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "getRun",
      operation: "runs.get",
      pathParams: { id: requireId(agentId, "agentId", "runs.get"), runId: requireId(runId, "runId", "runs.get") },
      schema: RunSchema,
      options,
    }));
  }

  /** Cancels the active run (409 `run_not_cancellable` when it is terminal or never ran). Not retried when ambiguous. */
  cancel(agentId: string, runId: string, options?: CallOptions) {
    return call(this.#context, () => ({
      route: "cancelRun",
      operation: "runs.cancel",
      pathParams: { id: requireId(agentId, "agentId", "runs.cancel"), runId: requireId(runId, "runId", "runs.cancel") },
      idempotent: false,
      schema: IdResponseSchema,
      options,
    }));
  }

  /** Resolves to the run once it is terminal (FINISHED, ERROR, CANCELLED, EXPIRED), polling `get`. */
  async wait(agentId: string, runId: string, options: WaitOptions = {}): Promise<Run> {
    const interval = options.pollIntervalMs ?? 2_000;
    const pause = options.sleep ?? defaultSleep;
    let lastStatus: string | undefined;
    for (;;) {
      if (options.signal?.aborted) throw new AbortError(undefined, options.signal.reason);
      const run = await this.get(agentId, runId, { signal: options.signal });
      if (run.status !== lastStatus) {
        lastStatus = run.status;
        options.onStatus?.(run);
      }
      if (isTerminalRunStatus(run.status)) return run;
      await pause(interval, options.signal);
    }
  }
}
