// A forge webhook endpoint on Cloudflare Workers. The fetch handler verifies each delivery against the forge's
// published keys, claims its webhook-id once in a Durable Object and sends the event to a Queue, so the forge
// gets its 202 at once; the queue handler, in this same Worker, does the work.
import {
  createWebhookHandler,
  DedupeDurableObject,
  DurableObjectDedupeStore,
  type DurableObjectNamespaceLike,
  dispatchWebhookEvent,
  type ExecutionContextLike,
  ForgeKeys,
  type WebhookDispatchTable,
  type WebhookEvent,
  type WebhookFetchHandler,
} from "agentline/webhooks";

// workerd makes the Durable Object from the class wrangler.toml names: the Worker must export it.
export { DedupeDurableObject };

/** The bindings of wrangler.toml, typed by what this Worker uses (`npx wrangler types` gives the full types). */
export interface Env {
  FORGE_BASE_URL: string;
  WEBHOOK_DEDUPE: DurableObjectNamespaceLike;
  WEBHOOK_EVENTS: { send(event: WebhookEvent): Promise<void> };
  PROCESSED: { put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void> };
}

/** What the queue handler receives (the slice used here). */
interface MessageBatch<Body> {
  readonly messages: readonly { readonly body: Body; ack(): void; retry(): void }[];
}

// Made on the first request and kept for the isolate's life, so the key set is fetched about once per 600 s.
let handleWebhook: WebhookFetchHandler<Env> | undefined;

function webhookHandler(env: Env): WebhookFetchHandler<Env> {
  handleWebhook ??= createWebhookHandler<Env>({
    keys: new ForgeKeys({ baseUrl: env.FORGE_BASE_URL }),
    // Atomic: of two concurrent copies of a delivery, exactly one goes on; retries and redeliveries get 200.
    dedupe: new DurableObjectDedupeStore(env.WEBHOOK_DEDUPE),
    // Queue mode: a verified event goes to the queue and the forge gets its 202 without waiting for the work.
    queue: env.WEBHOOK_EVENTS,
    // The forge only hears "invalid webhook"; the reason is for your logs (`npx wrangler tail`).
    onError: (error, { stage, reason }) => console.warn(`webhook ${stage} failed: ${reason ?? String(error)}`),
  });
  return handleWebhook;
}

/** The work, one handler per event type. Queue messages arrive at least once: keep handlers idempotent. */
function work(env: Env): WebhookDispatchTable<Env> {
  // One entry per run (hence the random suffix), so a delivery processed twice would show twice.
  const record = (event: WebhookEvent) =>
    env.PROCESSED.put(`${event.id}/${crypto.randomUUID()}`, JSON.stringify({ type: event.type }), {
      expirationTtl: 24 * 60 * 60,
    });
  return {
    on: {
      "pull_request.created": async (event) => {
        console.log(`pull request opened: ${event.payload.pullRequest.title ?? "(untitled)"}`);
        await record(event);
      },
    },
    onUnhandled: record,
  };
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContextLike): Promise<Response> {
    if (new URL(request.url).pathname !== "/webhooks") return new Response("not found", { status: 404 });
    return webhookHandler(env)(request, env, ctx);
  },

  async queue(batch: MessageBatch<WebhookEvent>, env: Env): Promise<void> {
    const table = work(env);
    for (const message of batch.messages) {
      try {
        await dispatchWebhookEvent(message.body, table, { env });
        message.ack();
      } catch (error) {
        // Retried up to max_retries (wrangler.toml), then dropped, or kept in a dead_letter_queue if you add one.
        console.error(`${message.body.type} ${message.body.id} failed, will retry: ${String(error)}`);
        message.retry();
      }
    }
  },
};
