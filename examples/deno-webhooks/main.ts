// A forge webhook endpoint on Deno: `Deno.serve` answers the forge at once, Deno KV claims each delivery id
// once, and Deno KV's queue runs the work beside the request (retried when it fails).
//
//   FORGE_BASE_URL=https://forge.example.com deno task start     see README.md
import {
  createWebhookHandler,
  DenoKvDedupeStore,
  type DenoKvLike,
  dispatchWebhookEvent,
  ForgeKeys,
  type WebhookDispatchTable,
  type WebhookEvent,
} from "agentline/webhooks";

// The repository type-checks its examples with Node's tsc, which has no Deno types: these lines declare the few
// Deno APIs used here. In your own project delete them; `deno check` knows Deno's real types.
interface Kv extends DenoKvLike {
  enqueue(value: unknown): Promise<unknown>;
  listenQueue(handler: (value: unknown) => Promise<void> | void): Promise<void>;
}
declare const Deno: {
  env: { get(name: string): string | undefined };
  openKv(path?: string): Promise<Kv>;
  serve(
    options: { hostname?: string; port?: number; onListen?: (address: { hostname: string; port: number }) => void },
    handler: (request: Request) => Response | Promise<Response>,
  ): unknown;
};

const forgeBaseUrl = Deno.env.get("FORGE_BASE_URL");
if (!forgeBaseUrl) throw new Error("Set FORGE_BASE_URL to the forge's service address (see README.md).");

// KV_PATH is for local runs (a file, or ":memory:"); on Deno Deploy leave it unset.
const kv = await Deno.openKv(Deno.env.get("KV_PATH") || undefined);

// The work, one handler per event type. Deliveries and queue messages are both at least once: keep handlers
// idempotent (fold pull_request.comment.reaction.added on comment, reactor and content).
const work: WebhookDispatchTable = {
  on: {
    "pull_request.created": (event) => {
      console.log(`pull request opened: ${event.payload.pullRequest.title ?? "(untitled)"}`);
      logProcessed(event);
    },
  },
  onUnhandled: (event) => logProcessed(event),
};

// Stands in for your own work: one line per event processed (the repository's test counts these lines).
function logProcessed(event: WebhookEvent): void {
  console.log(`processed ${event.type} ${event.id}`);
}

// Events come back from the queue as they were sent; a throwing handler makes Deno KV retry the message.
kv.listenQueue((event) => dispatchWebhookEvent(event as WebhookEvent, work));

const handleWebhook = createWebhookHandler({
  // Made once: ForgeKeys caches the forge's key set (600 s, and refreshes when a signature matches no key).
  keys: new ForgeKeys({ baseUrl: forgeBaseUrl }),
  // An atomic claim per `webhook-id`: a retried or redelivered delivery is answered 200 and not queued again.
  dedupe: new DenoKvDedupeStore(kv),
  // Queue mode: a verified event is enqueued and the forge gets its 202 without waiting for the work.
  queue: { send: (event) => kv.enqueue(event) },
  // The forge only hears "invalid webhook"; the reason is for your logs.
  onError: (error, { stage, reason }) => console.warn(`webhook ${stage} failed: ${reason ?? String(error)}`),
});

Deno.serve(
  {
    hostname: Deno.env.get("LISTEN_HOSTNAME") ?? "0.0.0.0",
    port: Number(Deno.env.get("PORT") ?? 8000),
    onListen: ({ hostname, port }) => console.log(`listening on http://${hostname}:${port}/webhooks`),
  },
  (request) =>
    new URL(request.url).pathname === "/webhooks" ? handleWebhook(request) : new Response("not found", { status: 404 }),
);
