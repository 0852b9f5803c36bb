// What the dedupe stores do when what they sit on fails or the clock they were given reads wrong: a claim or a release
// that did not happen is never reported as done, and a clock that is no number never lets a duplicate through.
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { MemoryDedupeStore } from "../../../src/webhooks/dedupe.js";
import { DedupeDurableObject, DurableObjectDedupeStore } from "../../../src/webhooks/dedupe-cloudflare.js";
import { DenoKvDedupeStore } from "../../../src/webhooks/dedupe-deno.js";
import { createWebhookHandler, type WebhookErrorInfo } from "../../../src/webhooks/handler.js";
import { verifyInstallationReceipt } from "../../../src/webhooks/receipt.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import { memoryDenoKv, memoryStorage } from "../platform-stand-ins.js";
import { webhookSetup } from "./helpers.js";

type Answer = (path: string, object: DedupeDurableObject, request: Request) => Promise<Response>;

/** A namespace whose one object is a real DedupeDurableObject behind a stub that answers as `answer` decides. */
function binding(answer: Answer) {
  const object = new DedupeDurableObject({ storage: memoryStorage() });
  const namespace = {
    idFromName: (name: string) => name,
    get: () => ({ fetch: (request: Request) => answer(new URL(request.url).pathname, object, request) }),
  };
  return new DurableObjectDedupeStore(namespace, { shards: 1 });
}

const failures = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AgentlineError);
  return (error as AgentlineError).code;
};

describe("DurableObjectDedupeStore when the object fails", () => {
  it("rejects a release the object did not do (a 5xx, a thrown fetch) with dedupe_unavailable", async () => {
    for (const fail of [
      async () => new Response("internal error", { status: 500 }),
      async () => new Response(null, { status: 404 }),
      async () => {
        throw new TypeError("the object was reset");
      },
    ]) {
      const store = binding((path, object, request) => (path === "/release" ? fail() : object.fetch(request)));
      expect(await store.claim("msg_1", 60_000)).toBe(true);
      expect(await failures(store.release("msg_1"))).toBe("dedupe_unavailable");
      expect(await store.claim("msg_1", 60_000)).toBe(false); // it really was not released
    }
  });

  it("rejects a claim answered with no JSON, or with no `claimed` boolean, rather than reading it as taken", async () => {
    for (const body of ["<html>oops</html>", "null", "{}", '{"claimed":"yes"}']) {
      const store = binding(async () => new Response(body, { status: 200 }));
      expect(await failures(store.claim("msg_1", 60_000))).toBe("dedupe_unavailable");
    }
  });

  it("tells onError when a failed handler's claim could not be released", async () => {
    const setup = webhookSetup();
    let releaseFails = true;
    const store = binding((path, object, request) =>
      path === "/release" && releaseFails ? Promise.resolve(new Response("", { status: 500 })) : object.fetch(request),
    );
    const errors: Array<{ error: unknown; info: WebhookErrorInfo }> = [];
    let runs = 0;
    const handler = createWebhookHandler({
      keys: setup.keys,
      now: setup.now,
      dedupe: store,
      onError: (error, info) => errors.push({ error, info }),
      onUnhandled: () => {
        runs += 1;
        throw new Error("the handler failed");
      },
    });
    const delivery = await setup.delivery();
    expect((await handler(delivery.clone())).status).toBe(500);
    expect(runs).toBe(1);
    const stages = errors.map(({ error, info }) => `${info.stage}:${(error as { code?: string }).code ?? "-"}`);
    expect(stages).toContain("dedupe:dedupe_unavailable");
    releaseFails = false;
  });
});

describe("a clock that does not read as a number", () => {
  const broken = [() => Number.NaN, () => undefined, () => "soon", () => Number.POSITIVE_INFINITY];

  it("never lets a second claim of one id through: each store refuses the reading with invalid_option", async () => {
    for (const now of broken) {
      const stores = [
        new MemoryDedupeStore({ now: now as () => number }),
        new DenoKvDedupeStore(memoryDenoKv(), { now: now as () => number }),
      ];
      for (const store of stores) {
        const first = await store.claim("msg_1", 60_000).then(String, (error: AgentlineError) => error.code);
        const second = await store.claim("msg_1", 60_000).then(String, (error: AgentlineError) => error.code);
        expect([first, second]).not.toEqual(["true", "true"]);
        expect(second).toBe("invalid_option");
      }
      const object = new DedupeDurableObject({ storage: memoryStorage() }, {}, { now: now as () => number });
      const claims = [];
      for (let i = 0; i < 2; i++) {
        const answer = await object
          .fetch(new Request("https://x/claim", { method: "POST", body: '{"id":"m","ttlMs":60000}' }))
          .then(
            (response) => response.status,
            (error: AgentlineError) => error.code,
          );
        claims.push(answer);
      }
      expect(claims).not.toContain(200);
    }
  });

  it("is named as options.now by verifyWebhook and verifyInstallationReceipt, never read as a bad token", async () => {
    const setup = webhookSetup();
    const { appId, installationId } = setup.fake.forge.registerApp();
    if (!installationId) throw new Error("the fake forge made no installation");
    const receipt = await setup.fake.forge.issueInstallationReceipt({ appId, installationId });
    for (const now of broken) {
      const clock = now as () => number;
      const verified = await verifyWebhook(await setup.delivery(), { keys: setup.keys, now: clock }).catch(
        (error: unknown) => error,
      );
      expect(verified).toMatchObject({ code: "invalid_option", message: expect.stringContaining("options.now") });
      const checked = await verifyInstallationReceipt(receipt, { keys: setup.keys, appId, now: clock }).catch(
        (error: unknown) => error,
      );
      expect(checked).toMatchObject({ code: "invalid_option", message: expect.stringContaining("options.now") });
    }
  });
});
