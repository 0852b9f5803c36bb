// The checks every webhook example passes, whatever runtime it runs in: the fake forge (agentline/testing, built)
// delivers signed events to the example and the checks read back what the example answered and processed.
// Shared by test/examples/cloudflare-webhooks.mjs (workerd through miniflare, in Node) and
// test/examples/deno-webhooks.test.ts (a `deno run` of the example, from Deno). Plain JavaScript: both import it.
//
// The checks run in order and share state: each builds on what the previous ones delivered.

/** What the example's app subscribes to; both are delivered during the checks. */
const EVENTS = ["installation.created", "pull_request.created"];
/** The installation's scopes: enough to open a pull request (and to hear about it). */
const SCOPES = ["repository:pull_requests:write", "repository:contents:read"];
/** How long an accepted delivery may take to be processed (queue batching included). */
const PROCESS_TIMEOUT_MS = 15_000;

/**
 * @typedef {object} ExampleSdk  the built package's exports the checks use
 * @property {Function} createFakeService  agentline/testing
 * @property {Function} ForgeApp  agentline/forge
 * @property {Function} generateAppKeyPair  agentline/forge
 * @property {Function} signWebhook  agentline/webhooks
 *
 * @typedef {object} ExampleTarget  how the checks reach one running example
 * @property {string} webhookUrl  the example's webhook address, registered as the app's `webhookUrl`
 * @property {((request: Request) => Promise<Response>) | null} receiver  delivers the fake's requests (null: real HTTP)
 * @property {(init: { method?: string, headers?: Record<string, string>, body?: string }) => Promise<{ status: number }>} send
 *   sends one request of the test's own to the webhook address
 * @property {(deliveryId: string) => Promise<number>} processedCount  how many times the example processed a delivery
 *
 * @typedef {{ name: string, run: () => Promise<void> }} Check
 */

/** A failed expectation, with what was expected and what came. */
function expect(condition, message) {
  if (!condition) throw new Error(message);
}

function expectEqual(actual, expected, what) {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)];
  expect(a === e, `${what}: expected ${e}, got ${a}`);
}

async function waitFor(what, probe, timeoutMs = PROCESS_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The fake forge the example talks to, created before the example starts (it needs the forge's address). */
export function createForge(sdk) {
  return sdk.createFakeService();
}

/**
 * The checks, in order, against an example that fetches its keys from `fake` and answers at `target.webhookUrl`.
 * @param {ExampleSdk} sdk
 * @param {any} fake  from {@link createForge}
 * @param {ExampleTarget} target
 * @returns {Check[]}
 */
export function webhookChecks(sdk, fake, target) {
  const state = { app: undefined, delivered: [], forgedIds: [], concurrentId: undefined, sequence: 0 };
  const forgeKey = async () => (await fake.forge.signingKeys())[0].privateKey;
  const foreignKey = async () => (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign"])).privateKey;

  // A ping signed here with the forge's key (or `keys`), not sent by the fake: for copies, forgeries, a marker.
  async function signed({ keys, timestamp } = {}) {
    state.sequence += 1;
    const id = `dlv_example_${Date.now().toString(36)}_${state.sequence}`;
    const body = JSON.stringify({
      id: `evt_example_${state.sequence}`,
      type: "ping",
      createdAt: new Date().toISOString(),
    });
    const headers = await sdk.signWebhook({
      id,
      body,
      keys: keys ?? [await forgeKey()],
      ...(timestamp === undefined ? {} : { timestamp }),
    });
    return { id, headers: { ...headers, "content-type": "application/json", "webhook-event-type": "ping" }, body };
  }
  const post = (delivery) => target.send({ method: "POST", headers: delivery.headers, body: delivery.body });
  const waitProcessed = (id) =>
    waitFor(`delivery ${id} is processed`, async () => (await target.processedCount(id)) > 0);

  return [
    {
      name: "answers only POST at its webhook address (405 otherwise)",
      run: async () => {
        expectEqual((await target.send({ method: "GET" })).status, 405, "GET status");
      },
    },
    {
      name: "accepts the forge's signed deliveries (202), with keys fetched from the forge's /keys",
      run: async () => {
        const appKeys = await sdk.generateAppKeyPair();
        fake.forge.webhooks.setReceiver(target.receiver);
        const { appId, installationId } = fake.forge.registerApp({
          publicKeyPem: appKeys.publicKey,
          webhookUrl: target.webhookUrl,
          events: EVENTS,
          install: { scopes: SCOPES },
        });
        state.app = new sdk.ForgeApp({
          appId,
          privateKey: appKeys.privateKey,
          baseUrl: fake.baseUrl,
          fetch: fake.fetch,
        });
        // Opening a pull request makes the forge deliver pull_request.created (installation.created is on its way).
        await state.app.installation(installationId).repo("acme", "web-app").pulls.create({
          title: "Add login",
          head: "feature/login",
          base: "main",
        });
        await fake.forge.webhooks.runDue();
        const deliveries = fake.forge.webhooks.deliveries().filter((delivery) => delivery.appId === appId);
        expectEqual(deliveries.map((delivery) => delivery.eventType).sort(), [...EVENTS].sort(), "delivered events");
        for (const delivery of deliveries) {
          const [first] = delivery.attempts;
          const status = first?.responseStatusCode;
          // 202: verified, claimed and queued (both examples hand the work to a queue).
          expect(status === 202, `${delivery.eventType} was answered ${status}, not 202 (${first?.errorMessage})`);
          expect(delivery.deliveredAt !== undefined, `${delivery.eventType} is not marked delivered`);
        }
        state.delivered = deliveries;
        const keyFetches = fake.requests.filter((request) => request.path === "/v1/forge/keys").length;
        expect(keyFetches >= 1, "the example never fetched /v1/forge/keys from the fake forge");
      },
    },
    {
      name: "processes each accepted delivery once",
      run: async () => {
        expect(state.delivered.length > 0, "nothing was delivered (see the previous check)");
        for (const delivery of state.delivered) await waitProcessed(delivery.id);
        for (const delivery of state.delivered) {
          expectEqual(await target.processedCount(delivery.id), 1, `runs of ${delivery.eventType}`);
        }
      },
    },
    {
      name: "refuses forged deliveries with 4xx",
      run: async () => {
        const genuine = await signed();
        const forgeries = {
          "a tampered body": { ...genuine, body: genuine.body.replace("ping", "pong") },
          "another key's signature": await signed({ keys: [await foreignKey()] }),
          "no signature": await signed().then((d) => ({ ...d, headers: { ...d.headers, "webhook-signature": "" } })),
          "a timestamp an hour old": await signed({ timestamp: Math.floor(Date.now() / 1000) - 3600 }),
        };
        for (const [what, forged] of Object.entries(forgeries)) {
          const { status } = await post(forged);
          expect(status >= 400 && status < 500, `${what}: answered ${status}, expected 4xx`);
          state.forgedIds.push(forged.id);
        }
      },
    },
    {
      name: "answers a redelivered duplicate 2xx without queueing it again",
      run: async () => {
        const pull = state.delivered.find((delivery) => delivery.eventType === "pull_request.created");
        expect(pull, "no pull_request.created delivery to redeliver");
        const { results } = await state.app.webhooks.redeliver([pull.id]);
        const outcomes = results.map((result) => [result.deliveryId, result.outcome]);
        expectEqual(outcomes, [[pull.id, "queued"]], "redeliver results");
        await fake.forge.webhooks.runDue();
        const attempts = fake.forge.webhooks.deliveries().find((delivery) => delivery.id === pull.id).attempts;
        const last = attempts.at(-1);
        expectEqual([attempts.length, last.trigger, last.responseStatusCode], [2, "manual", 200], "redelivery attempt");
      },
    },
    {
      name: "claims concurrent copies of one delivery exactly once",
      run: async () => {
        const delivery = await signed();
        state.concurrentId = delivery.id;
        const statuses = (await Promise.all([1, 2, 3, 4].map(() => post(delivery)))).map((r) => r.status).sort();
        // One copy is accepted and queued (202); the others find the id claimed and are told it is a duplicate (200).
        expectEqual(statuses, [200, 200, 200, 202], "statuses of four concurrent copies");
      },
    },
    {
      name: "ran the duplicates once and the forgeries never",
      run: async () => {
        // A delivery sent last: once it is processed, everything queued before it has had its turn.
        const closing = await signed();
        expect((await post(closing)).status === 202, "the closing delivery was not accepted");
        await waitProcessed(closing.id);
        const pull = state.delivered.find((delivery) => delivery.eventType === "pull_request.created");
        expectEqual(await target.processedCount(pull.id), 1, "runs of the redelivered pull_request.created");
        expectEqual(await target.processedCount(state.concurrentId), 1, "runs of the concurrent copies");
        for (const id of state.forgedIds) expectEqual(await target.processedCount(id), 0, `runs of forged ${id}`);
      },
    },
  ];
}
