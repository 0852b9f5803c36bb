import { optionalArgument, requireClientContext } from "../../core/arguments.js";
import { ValidationError } from "../../core/errors.js";
import { callOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { MIN_POLL_INTERVAL_MS, pollInterval } from "../../core/wait.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import type { SyncMirrorParams } from "../schemas/repo-admin.js";
import type { TransitionJob } from "../schemas/repo-responses.js";
import type { MirrorTransitionParams } from "../schemas/repo-settings.js";

/**
 * Job statuses after which a transition job changes no more. `requires_attention` is not among them: the job
 * stays active until a person forces the cutover or detaches the mirror.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § States and transitions)
 */
export const FINISHED_TRANSITION_JOB_STATUSES: ReadonlySet<string> = new Set([
  "succeeded",
  "failed_rolled_back",
  "superseded",
]);

/** Options of {@link MirrorResource.waitForJob}. */
export interface WaitForJobOptions {
  /**
   * Between polls, more than 0; default 2,000 ms, at most the client's `maxRetryAfterMs` (a cap under 1 s allows
   * 1 s: polling is never made faster than once a second). Each poll costs 1 point.
   */
  intervalMs?: number;
  /** Stops waiting (rejects with `AbortError`). */
  signal?: AbortSignal;
  /** Also resolve on `requires_attention`, which no poll can end by itself; default true. */
  stopOnAttention?: boolean;
  /** Options of each poll. */
  options?: CallOptions;
}

/**
 * A mirrored repository's direction and sync: transitions run as jobs (poll `status`; `phase` is display
 * detail); `mirror.status` does not say whether writes are allowed, a 403 does.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Mirrored repositories)
 */
export class MirrorResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "MirrorResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /**
   * Starts a transition (initial_to_inbound, inbound_to_outbound, outbound_to_inbound) and returns its job.
   * Needs a user credential holding repository:mirror:write that also administers the upstream repository;
   * refused while another job is active or when the mirror is not in the transition's start state.
   */
  transition(params: MirrorTransitionParams, options?: CallOptions) {
    return callOperation(this.#context, "mirror.transition", { params: this.#repo, body: params, options });
  }

  /**
   * Adopts the upstream source as truth: on an outbound mirror, or on an outbound-to-inbound transition stuck
   * in `requires_attention`. Refs only on the forge are snapshotted and abandoned. Answers the mirror.
   */
  forceCutover(options?: CallOptions) {
    return callOperation(this.#context, "mirror.forceCutover", { params: this.#repo, body: {}, options });
  }

  /** Makes the repository native: syncing stops both ways (204; repeating it succeeds; never mirrored = 400). */
  detach(options?: CallOptions) {
    return callOperation(this.#context, "mirror.detach", { params: this.#repo, options });
  }

  /** One transition job: transition, status, attemptCount, lastErrorCode, lastErrorMessage, phase. */
  job(jobId: string, options?: CallOptions) {
    return callOperation(this.#context, "mirror.job", { params: { ...this.#repo, jobId }, options });
  }

  /** `{ activeJob?, lastJob? }`; an empty object when the repository never transitioned. */
  activeJobs(options?: CallOptions) {
    return callOperation(this.#context, "mirror.activeJobs", { params: this.#repo, options });
  }

  /** Syncs one ref from upstream: `{ synced: true }` when the ref already matches (200), `false` while pending (202). */
  sync(params: SyncMirrorParams = {}, options?: CallOptions) {
    return callOperation(this.#context, "mirror.sync", { params: this.#repo, body: params, options });
  }

  /**
   * Polls a job until it finishes (succeeded, failed_rolled_back, superseded) or, by default, needs attention;
   * waits with the client's `sleep`, so tests can drive it with a fake clock. Unknown statuses keep it polling.
   */
  async waitForJob(jobId: string, wait: WaitForJobOptions = {}): Promise<TransitionJob> {
    optionalArgument(wait, "wait", "mirror.waitForJob");
    const { transport } = this.#context;
    const cap = transport.retrySettings.maxRetryAfterMs;
    // A cap under 1 s never makes polling faster than once a second (a cap of 0 would poll in a tight loop).
    const longest = Math.max(cap, MIN_POLL_INTERVAL_MS);
    const intervalMs = wait.intervalMs ?? pollInterval(2_000, cap);
    const issue = !(Number.isFinite(intervalMs) && intervalMs > 0)
      ? { rule: "min", message: "`intervalMs` must be a finite number of milliseconds, more than 0" }
      : intervalMs > longest
        ? {
            rule: "max",
            message: `\`intervalMs\` must be at most the client's \`maxRetryAfterMs\` (${longest} ms), the cap on every wait; raise that to poll less often`,
          }
        : undefined;
    if (issue) throw new ValidationError([{ path: "intervalMs", ...issue }], { context: "mirror.waitForJob" });
    const stopOnAttention = wait.stopOnAttention ?? true;
    const pollOptions: CallOptions = { ...wait.options, ...(wait.signal ? { signal: wait.signal } : {}) };
    for (;;) {
      const job = await this.job(jobId, pollOptions);
      if (FINISHED_TRANSITION_JOB_STATUSES.has(job.status)) return job;
      if (stopOnAttention && job.status === "requires_attention") return job;
      await transport.sleep(intervalMs, wait.signal);
    }
  }
}
