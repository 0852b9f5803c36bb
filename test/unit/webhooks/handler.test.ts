import { describe, expect, it } from "vitest";
import { MemoryDedupeStore } from "../../../src/webhooks/dedupe.js";
import { dispatchWebhookEvent } from "../../../src/webhooks/dispatch.js";
import type { WebhookEvent } from "../../../src/webhooks/events.js";
import { createWebhookHandler, type WebhookErrorInfo } from "../../../src/webhooks/handler.js";
import { flakyKeysFetch, strayKeyPair, webhookSetup } from "./helpers.js";

const created = { pullRequest: { number: "12", title: "Add login" } };

function recorder() {
  const errors: Array<{ error: unknown; info: WebhookErrorInfo }> = [];
  return { errors, onError: (error: unknown, info: WebhookErrorInfo) => errors.push({ error, info }) };
}

describe("createWebhookHandler", () => {
  it("answers 405 with Allow: POST to other methods, without reading keys", async () => {
    const setup = webhookSetup();
    const handler = createWebhookHandler({ keys: setup.keys, now: setup.now });
    for (const method of ["GET", "PUT", "HEAD"]) {
      const response = await handler(new Request("https://app.example/webhooks", { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
    }
    expect(setup.keyFetches()).toBe(0);
  });

  it("runs the typed handler of a verified event, and onUnhandled for other types", async () => {
    const setup = webhookSetup();
    const seen: string[] = [];
    const handler = createWebhookHandler({
      keys: setup.keys,
      now: setup.now,
      on: {
        "pull_request.created": (event, context) => {
          seen.push(`${event.payload.pullRequest.number}:${event.payload.pullRequest.title}`);
          expect(context.request).toBeInstanceOf(Request);
        },
      },
      onUnhandled: (event) => {
        seen.push(`unhandled:${event.type}`);
      },
    });
    const response = await handler(await setup.delivery({ type: "pull_request.created", payload: created }));
    expect(response.status).toBe(200);
    await handler(await setup.delivery({ type: "repository.starred", payload: {} }));
    await handler(await setup.delivery({ type: "pull_request.merged", payload: created }));
    expect(seen).toEqual(["12:Add login", "unhandled:repository.starred", "unhandled:pull_request.merged"]);
  });

  it("refuses with a short, non-revealing 400/401 and tells onError why", async () => {
    const setup = webhookSetup();
    const { errors, onError } = recorder();
    let ran = 0;
    const handler = createWebhookHandler({
      keys: setup.keys,
      now: setup.now,
      onError,
      onUnhandled: () => {
        ran += 1;
      },
    });
    const stray = await strayKeyPair();
    const forged = await handler(await setup.delivery({ signWith: [stray.privateKey] }));
    expect(forged.status).toBe(401);
    expect(await forged.text()).toBe("invalid webhook");
    const stale = await handler(await setup.delivery({ timestamp: Math.floor(setup.now() / 1000) - 3600 }));
    expect(stale.status).toBe(401);
    const bare = await handler(new Request("https://app.example/webhooks", { method: "POST", body: "{}" }));
    expect(bare.status).toBe(400);
    expect(await bare.text()).toBe("invalid webhook");
    expect(errors.map(({ info }) => info.reason)).toEqual([
      "no_matching_signature",
      "timestamp_out_of_tolerance",
      "missing_header",
    ]);
    expect(errors.every(({ info }) => info.stage === "verify")).toBe(true);
    expect(ran).toBe(0);
  });

  it("answers 503 while the key set is unavailable, so the forge retries", async () => {
    const setup = webhookSetup();
    const { errors, onError } = recorder();
    const keys = setup.newKeys({ fetch: flakyKeysFetch(setup.fake, () => true) });
    const handler = createWebhookHandler({ keys, now: setup.now, onError });
    const response = await handler(await setup.delivery());
    expect(response.status).toBe(503);
    expect(errors[0]?.info.reason).toBe("keys_unavailable");
  });

  it("dedupes on webhook-id: a redelivery and concurrent duplicates run the handler once", async () => {
    const setup = webhookSetup();
    let runs = 0;
    const handler = createWebhookHandler({
      keys: setup.keys,
      now: setup.now,
      dedupe: new MemoryDedupeStore({ now: setup.now }),
      on: {
        ping: async () => {
          runs += 1;
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      },
    });
    const { headers, body } = await setup.signed({ id: "msg_dup" });
    const send = () => handler(new Request("https://app.example/webhooks", { method: "POST", headers, body }));
    const statuses = (await Promise.all(Array.from({ length: 8 }, send))).map((response) => response.status);
    expect(runs).toBe(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(8);
    const again = await send();
    expect(await again.text()).toBe("duplicate");
    expect(runs).toBe(1);
    await handler(await setup.delivery({ id: "msg_other" }));
    expect(runs).toBe(2);
  });

  it("releases the claim when a handler fails (500), so the redelivery runs again", async () => {
    const setup = webhookSetup();
    const { errors, onError } = recorder();
    let attempts = 0;
    const handler = createWebhookHandler({
      keys: setup.keys,
      now: setup.now,
      onError,
      dedupe: new MemoryDedupeStore({ now: setup.now }),
      on: {
        ping: () => {
          attempts += 1;
          if (attempts === 1) throw new Error("database down");
        },
      },
    });
    const { headers, body } = await setup.signed({ id: "msg_retry" });
    const send = () => handler(new Request("https://app.example/webhooks", { method: "POST", headers, body }));
    const first = await send();
    expect(first.status).toBe(500);
    expect(await first.text()).not.toContain("database");
    expect(errors[0]?.info.stage).toBe("handler");
    expect((await send()).status).toBe(200);
    expect(attempts).toBe(2);
    expect((await send()).status).toBe(200);
    expect(attempts).toBe(2);
  });

  it("answers 202 at once and runs handlers through ctx.waitUntil when given", async () => {
    const setup = webhookSetup();
    const pending: Promise<unknown>[] = [];
    const ctx = { waitUntil: (promise: Promise<unknown>) => pending.push(promise) };
    let release: () => void = () => undefined;
    let done = false;
    const handler = createWebhookHandler<{ DB: string }>({
      keys: setup.keys,
      now: setup.now,
      on: {
        ping: async (_event, context) => {
          expect(context.env?.DB).toBe("binding");
          expect(context.ctx).toBe(ctx);
          await new Promise<void>((resolve) => {
            release = resolve;
          });
          done = true;
        },
      },
    });
    const response = await handler(await setup.delivery(), { DB: "binding" }, ctx);
    expect(response.status).toBe(202);
    expect(pending).toHaveLength(1);
    expect(done).toBe(false);
    release();
    await Promise.all(pending);
    expect(done).toBe(true);
  });

  it("queue mode hands verified events to send() instead of running handlers; a failed send is 503 and released", async () => {
    const setup = webhookSetup();
    const sent: WebhookEvent[] = [];
    let failNext = false;
    let ran = 0;
    const dedupe = new MemoryDedupeStore({ now: setup.now });
    const queue = {
      send: async (event: WebhookEvent) => {
        if (failNext) {
          failNext = false;
          throw new Error("queue full");
        }
        sent.push(structuredClone(event));
      },
    };
    const on = {
      "pull_request.created": () => {
        ran += 1;
      },
    };
    const handler = createWebhookHandler({ keys: setup.keys, now: setup.now, dedupe, queue, on });
    failNext = true;
    const { headers, body } = await setup.signed({ id: "msg_q", type: "pull_request.created", payload: created });
    const send = () => handler(new Request("https://app.example/webhooks", { method: "POST", headers, body }));
    expect((await send()).status).toBe(503);
    expect((await send()).status).toBe(202);
    expect((await send()).status).toBe(200); // duplicate
    expect(ran).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ id: "msg_q", type: "pull_request.created", known: true });
    // A queue consumer runs the same handlers on the message.
    await dispatchWebhookEvent(sent[0] as WebhookEvent, { on });
    expect(ran).toBe(1);
  });

  it("answers 503 when the dedupe store fails, and a throwing onError changes nothing", async () => {
    const setup = webhookSetup();
    const handler = createWebhookHandler({
      keys: setup.keys,
      now: setup.now,
      onError: () => {
        throw new Error("logger broke");
      },
      dedupe: { claim: () => Promise.reject(new Error("kv down")), release: async () => undefined },
    });
    expect((await handler(await setup.delivery())).status).toBe(503);
  });
});
