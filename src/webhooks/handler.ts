import { checkOptions, expectArgument, hasMethods, isFunction, isObject, numberOption } from "../core/arguments.js";
import { isAgentlineError } from "../core/errors.js";
import { DEFAULT_DEDUPE_TTL_MS, type DedupeStore } from "./dedupe.js";
import {
  checkDispatchTable,
  dispatchWebhookEvent,
  type ExecutionContextLike,
  type WebhookDispatchTable,
  type WebhookHandlerContext,
} from "./dispatch.js";
import { WebhookVerificationError, type WebhookVerificationReason } from "./errors.js";
import { parseWebhookEvent, type WebhookEvent } from "./events.js";
import { resolveWebhookScheme, type WebhookScheme } from "./scheme.js";
import { checkVerifyOptions, verifyWebhook, type WebhookKeySource } from "./verify.js";

/** Where queue mode hands verified events: a Cloudflare Queue binding, or any `send(event)`. */
export interface WebhookQueue {
  send(event: WebhookEvent): Promise<unknown> | unknown;
}

/** Which step failed, for `onError`. */
export type WebhookErrorStage = "verify" | "dedupe" | "queue" | "handler";

/** What `onError` learns besides the error. */
export interface WebhookErrorInfo {
  stage: WebhookErrorStage;
  /** The refusal reason, for stage `verify`. */
  reason?: WebhookVerificationReason;
  /** The event, once verified. */
  event?: WebhookEvent;
}

/** What {@link createWebhookHandler} takes. */
export interface WebhookHandlerOptions<Env = unknown> extends WebhookDispatchTable<Env> {
  /** The forge's keys: a {@link ForgeKeys} made once per isolate. */
  keys: WebhookKeySource;
  /** Told why a delivery was refused or failed (the sender is never told); must not throw. */
  onError?: (error: unknown, info: WebhookErrorInfo) => void;
  /** Claims each `webhook-id` once; without one, duplicates run again. */
  dedupe?: DedupeStore;
  /** How long an id stays claimed; default seven days (the forge's redelivery window). */
  dedupeTtlMs?: number;
  /** Hands verified events to a queue instead of running handlers in the request. */
  queue?: WebhookQueue;
  maxBodyBytes?: number;
  toleranceSeconds?: number;
  now?: () => number;
  scheme?: Partial<WebhookScheme>;
}

/** The `fetch(request, env, ctx)` shape of Workers, Deno, Bun and Node (through an adapter). */
export type WebhookFetchHandler<Env = unknown> = (
  request: Request,
  env?: Env,
  ctx?: ExecutionContextLike,
) => Promise<Response>;

function text(status: number, body: string, headers: Record<string, string> = {}): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });
}

// A refusal says only that it was refused: which check failed is for `onError`, never for the sender.
function refusal(error: unknown): Response {
  const reason = error instanceof WebhookVerificationError ? error.reason : undefined;
  // Our keys being unreachable, or our event schemas failing to load, is not the sender's fault: 503, so the forge
  // retries later.
  if (reason === "keys_unavailable" || (isAgentlineError(error) && error.code === "module_load_failed")) {
    return text(503, "try again later");
  }
  const unauthenticated = reason === "no_matching_signature" || reason === "timestamp_out_of_tolerance";
  return text(unauthenticated ? 401 : 400, "invalid webhook");
}

/**
 * A webhook endpoint as a fetch handler, `(request, env?, ctx?) => Response`: 405 (with `Allow: POST`) for
 * other methods; a short "invalid webhook" 400/401 for a refused delivery (503 while the key set or the event
 * schemas cannot be loaded); then each `webhook-id` claimed once (a duplicate gets 200 and runs nothing). With
 * `queue`, the event is sent there (202). Otherwise its handler runs through `ctx.waitUntil` when given (202 at once),
 * else it is awaited (200, or 500 when it throws). A failed handler or send releases the claim so a
 * redelivery runs again. Deliveries are at least once (`pull_request.comment.reaction.added` notably): keep
 * handlers idempotent, and fold reactions on (comment, reactor, content).
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export function createWebhookHandler<Env = unknown>(options: WebhookHandlerOptions<Env>): WebhookFetchHandler<Env> {
  // Everything checked once, here, so a wrong option fails at startup rather than on the first delivery.
  checkVerifyOptions(options);
  resolveWebhookScheme(options.scheme);
  checkDispatchTable(options as WebhookDispatchTable<never>, "options");
  checkOptions(options, "options", {
    onError: [isFunction, "a function (error, info) => void"],
    dedupe: [hasMethods("claim", "release"), "a DedupeStore (new MemoryDedupeStore(), or { claim, release })"],
    dedupeTtlMs: numberOption(1, "ms"),
    queue: [hasMethods("send"), "a queue binding ({ send(event) })"],
  });
  const ttlMs = options.dedupeTtlMs ?? DEFAULT_DEDUPE_TTL_MS;
  const report = (error: unknown, info: WebhookErrorInfo) => {
    try {
      // An async logger's rejection is swallowed too, rather than left unhandled (which ends a Node process).
      Promise.resolve(options.onError?.(error, info)).catch(() => undefined);
    } catch {
      // A failing logger must not change the answer.
    }
  };
  const release = async (id: string) => {
    try {
      // Awaited whatever it returns: a store may release synchronously.
      await options.dedupe?.release(id);
    } catch (error) {
      report(error, { stage: "dedupe" });
    }
  };
  // The deliveries this handler is claiming or running, by id, each resolving to whether it succeeded. The forge
  // stops retrying once any attempt got a 2xx, so a copy that arrives meanwhile waits: 200 when the run succeeded,
  // 503 when it failed (the claim is released, and the forge retries). A run in another isolate cannot be
  // watched: a copy that finds the store's claim taken gets 200 at once.
  const running = new Map<string, Promise<boolean>>();

  return async (request, env, ctx) => {
    expectArgument(
      isObject(request) && typeof request.method === "string",
      "request",
      "the incoming Request (the fetch handler's first argument)",
    );
    if (request.method !== "POST") return text(405, "method not allowed", { allow: "POST" });
    let event: WebhookEvent;
    try {
      event = await parseWebhookEvent(await verifyWebhook(request, options));
    } catch (error) {
      const reason = error instanceof WebhookVerificationError ? error.reason : undefined;
      report(error, reason ? { stage: "verify", reason } : { stage: "verify" });
      return refusal(error);
    }

    // Without a store, `settle` has no one to tell.
    let settle: (succeeded: boolean) => void = () => undefined;
    if (options.dedupe) {
      const id = event.id;
      // A copy of a delivery this isolate is claiming or running answers as that ends, without asking the store.
      const local = running.get(id);
      if (local) return (await local) ? text(200, "duplicate") : text(503, "try again later");
      running.set(
        id,
        new Promise<boolean>((resolve) => {
          settle = (succeeded) => {
            running.delete(id);
            resolve(succeeded);
          };
        }),
      );
      let claimed: boolean;
      try {
        claimed = await options.dedupe.claim(id, ttlMs);
      } catch (error) {
        report(error, { stage: "dedupe", event });
        settle(false);
        return text(503, "try again later");
      }
      if (!claimed) {
        settle(true); // another isolate holds it: its copies here are duplicates too
        return text(200, "duplicate");
      }
    }

    if (options.queue) {
      try {
        await options.queue.send(event);
      } catch (error) {
        await release(event.id);
        report(error, { stage: "queue", event });
        settle(false);
        return text(503, "try again later");
      }
      settle(true);
      return text(202, "queued");
    }

    const context: WebhookHandlerContext<Env> = { env, ctx, request };
    const work = dispatchWebhookEvent(event, options, context).then(
      () => settle(true),
      async (error: unknown) => {
        await release(event.id);
        report(error, { stage: "handler", event });
        settle(false);
        throw error;
      },
    );
    if (ctx && typeof ctx.waitUntil === "function") {
      ctx.waitUntil(work.catch(() => undefined));
      return text(202, "accepted");
    }
    try {
      await work;
      return text(200, "ok");
    } catch {
      return text(500, "handler failed");
    }
  };
}
