// A webhook the fake forge really signed and delivered: an app registered for `ping`, a receiver that keeps what it
// gets, and one ping. Shared by the suite's webhook cases.
import { equal, ok } from "./assert.js";
import type { SharedSdk } from "./suite.js";

const BASE_URL = "https://api.agentline.test";

/** The fake (on a fixed clock), the key set it publishes, and the signed ping delivery it sent. */
export async function deliveredPing(sdk: SharedSdk, now: number) {
  const fake = sdk.createFakeService({ now: () => now });
  const keys = await sdk.generateAppKeyPair();
  const { appId } = fake.forge.registerApp({
    publicKeyPem: keys.publicKey,
    events: ["ping"],
    webhookUrl: "https://receiver.agentline.test/hooks",
  });
  const received: Request[] = [];
  fake.forge.webhooks.setReceiver(async (request) => {
    received.push(request.clone());
    return new Response(null, { status: 204 });
  });
  const app = new sdk.ForgeApp({
    appId,
    privateKey: keys.privateKey,
    dangerouslyAllowBrowser: true,
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    now: () => now,
  });
  const ping = await app.webhooks.ping();
  equal(ping.delivered, true, "the ping reached the receiver");
  const delivery = received[0];
  ok(delivery !== undefined, "the receiver got the ping");
  const forgeKeys = new sdk.ForgeKeys({ baseUrl: BASE_URL, fetch: fake.fetch, now: () => now });
  return { fake, forgeKeys, delivery };
}
