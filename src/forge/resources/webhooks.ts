import { requestObject, requireClientContext } from "../../core/arguments.js";
import { AbortError, AgentlineError, ValidationError } from "../../core/errors.js";
import { callOperation, listOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { requestIssues } from "../../core/schema.js";
import type { ForgeContext } from "../forge-context.js";
import { ListDeliveriesQuerySchema, uniqueInOrder } from "../schemas/app-requests.js";
import { FORGE_LIMITS } from "../schemas/limits.js";
import type { REDELIVER_OUTCOMES } from "../schemas/webhook-responses.js";

/** A timestamp parameter: an RFC 3339 string, or a `Date` (sent as its ISO string). */
type TimestampParam = string | Date;

/** Filters of {@link WebhookDeliveriesResource.list}. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export interface ListWebhookDeliveriesParams {
  /** `false`: never answered with a 2xx (judged by the forge); `true`: delivered at least once. */
  delivered?: boolean | undefined;
  eventType?: string | undefined;
  installationId?: string | undefined;
  createdAfter?: TimestampParam | undefined;
  createdBefore?: TimestampParam | undefined;
  /** 1..100 (default 30). */
  pageSize?: number | undefined;
}

/** What {@link WebhooksResource.recover} redelivers: undelivered deliveries created since `since`. */
export interface RecoverWebhooksParams {
  /** The start of the outage: deliveries created at or after it are considered. */
  since: TimestampParam;
  /** Only deliveries created before this. */
  until?: TimestampParam | undefined;
  eventType?: string | undefined;
  installationId?: string | undefined;
  /** Page size of the listing (1..100; default 100, the fewest calls). */
  pageSize?: number | undefined;
}

/** A redelivery outcome; unknown values from a newer forge pass through. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export type RedeliverOutcome = (typeof REDELIVER_OUTCOMES)[number] | (string & {});

/** One delivery's fate in {@link WebhooksResource.recover}: the forge's outcome, or `failed` with the batch's error. */
export interface RecoverResult {
  deliveryId: string;
  outcome: RedeliverOutcome | "failed";
  /** Why the batch holding this id failed (only with `failed`). */
  error?: AgentlineError | undefined;
}

function timestamp(value: TimestampParam | undefined): string | undefined {
  if (!(value instanceof Date)) return value;
  // An invalid Date is sent to validation as text, which then names the field.
  return Number.isNaN(value.getTime()) ? "Invalid Date" : value.toISOString();
}

function wireQuery(params: ListWebhookDeliveriesParams): Record<string, unknown> {
  const { createdAfter, createdBefore, ...rest } = params;
  const query = { ...rest, createdAfter: timestamp(createdAfter), createdBefore: timestamp(createdBefore) };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

// recover() names its own parameters in errors: `since` and `until`, not the list's query names.
const RECOVER_NAMES: Readonly<Record<string, string>> = { createdAfter: "since", createdBefore: "until" };

function recoverQuery(params: RecoverWebhooksParams | undefined): ListWebhookDeliveriesParams {
  if (params?.since === undefined)
    throw new ValidationError(
      [{ path: "since", rule: "required", message: "`since` is required: when the receiver's outage began" }],
      { context: "webhooks.recover" },
    );
  const query: ListWebhookDeliveriesParams = {
    delivered: false,
    createdAfter: params.since,
    createdBefore: params.until,
    eventType: params.eventType,
    installationId: params.installationId,
    pageSize: params.pageSize ?? FORGE_LIMITS.maxPageSize,
  };
  const issues = requestIssues(ListDeliveriesQuerySchema, wireQuery(query)).map((issue) => {
    const name = RECOVER_NAMES[issue.path];
    return name ? { ...issue, path: name, message: issue.message.replace(`\`${issue.path}\``, `\`${name}\``) } : issue;
  });
  if (issues.length > 0) throw new ValidationError(issues, { context: "webhooks.recover" });
  return query;
}

/** The app's webhook deliveries, newest first, kept seven days. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Webhook delivery) */
export class WebhookDeliveriesResource {
  readonly #context: ForgeContext;
  constructor(context: ForgeContext) {
    requireClientContext(context, "WebhookDeliveriesResource");
    this.#context = context;
  }

  /** `await` → the first page; `for await` → every delivery matching the filters. */
  list(params: ListWebhookDeliveriesParams = {}, options?: CallOptions) {
    return listOperation(this.#context, "webhooks.deliveries.list", () => ({
      query: wireQuery(requestObject(params, "params", "webhooks.deliveries.list")),
      options,
    }));
  }
}

/**
 * Webhook deliveries of the app (app JWT): list, redeliver, ping, and recover after a receiver outage.
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export class WebhooksResource {
  readonly deliveries: WebhookDeliveriesResource;
  readonly #context: ForgeContext;
  constructor(context: ForgeContext) {
    requireClientContext(context, "WebhooksResource");
    this.#context = context;
    this.deliveries = new WebhookDeliveriesResource(context);
  }

  /**
   * Queues deliveries for another attempt (1..100 unique ids; pass repeats through `uniqueInOrder` first).
   * Answers at once with `queued`, `already_in_flight` or `not_found` per id; poll the list for results.
   */
  redeliver(deliveryIds: readonly string[], options?: CallOptions) {
    return callOperation(this.#context, "webhooks.redeliver", { body: { deliveryIds }, options });
  }

  /**
   * Sends one signed `ping` to the webhook address and waits for it: `delivered` is a 2xx within 10 s,
   * `responseStatusCode` 0 when no response came. A failing receiver is a result, not an error; an app
   * without a webhook address gets FailedPrecondition (400).
   */
  ping(options?: CallOptions) {
    return callOperation(this.#context, "webhooks.ping", { body: {}, options });
  }

  /**
   * Redelivers everything that never reached the receiver since `since`: lists `delivered=false` deliveries
   * (every page), then redelivers them in batches of at most 100 unique ids in first-seen order, one batch
   * at a time. A batch that fails (after the transport's own retries) does not stop the others: its ids
   * come back as `failed` with the error, and calling `recover` again is safe (delivered ones are no longer
   * listed; pending ones answer `already_in_flight`). A failed listing, or an abort, throws.
   * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
   */
  async recover(params: RecoverWebhooksParams, options?: CallOptions): Promise<{ results: RecoverResult[] }> {
    const query = recoverQuery(params);
    const found: string[] = [];
    for await (const delivery of this.deliveries.list(query, options)) found.push(delivery.id);
    const ids = uniqueInOrder(found);
    const results: RecoverResult[] = [];
    for (let start = 0; start < ids.length; start += FORGE_LIMITS.maxRedeliverIds) {
      const batch = ids.slice(start, start + FORGE_LIMITS.maxRedeliverIds);
      try {
        const answer = await this.redeliver(batch, options);
        results.push(...answer.results.map(({ deliveryId, outcome }) => ({ deliveryId, outcome })));
      } catch (error) {
        if (error instanceof AbortError || !(error instanceof AgentlineError)) throw error;
        results.push(...batch.map((deliveryId) => ({ deliveryId, outcome: "failed" as const, error })));
      }
    }
    return { results };
  }
}
