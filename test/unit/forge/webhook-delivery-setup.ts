// The fake forge with an app, an installation and a receiver of its webhook deliveries, and WebCrypto checks of
// their signatures: shared by the delivery tests (webhook-deliveries, webhook-redelivery).
import { expect } from "vitest";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { createFakeService, type FakeService } from "../../../src/testing/index.js";

export const T0 = Date.parse("2026-11-21T12:00:00Z");
export const HOOK_URL = "https://hooks.example.test/forge";
export const EVENTS = ["installation.created", "installation.deleted", "pull_request.created", "repository.pushed"];

export interface Received {
  id: string;
  type: string | null;
  installationId: string | null;
  headers: Headers;
  body: string;
  at: number;
}

/** The fake forge, an app subscribed to EVENTS and an in-process receiver that records every request. */
export async function setup(input: { webhookUrl?: string; maxRetries?: number } = {}) {
  const clock = { now: T0 };
  const fake = createFakeService({ now: () => clock.now });
  const received: Received[] = [];
  const receiver = {
    received,
    respond: (_request: Request): Response | Promise<Response> => new Response(null, { status: 204 }),
  };
  fake.forge.webhooks.setReceiver(async (request) => {
    const body = await request.text();
    const h = request.headers;
    received.push({
      id: h.get("webhook-id") ?? "",
      type: h.get("webhook-event-type"),
      installationId: h.get("webhook-installation-id"),
      headers: h,
      body,
      at: clock.now,
    });
    return receiver.respond(request);
  });
  const keys = await generateAppKeyPair();
  const { appId, installationId } = fake.forge.registerApp({
    publicKeyPem: keys.publicKey,
    webhookUrl: input.webhookUrl ?? HOOK_URL,
    events: EVENTS,
  });
  const app = new ForgeApp({
    appId,
    privateKey: keys.privateKey,
    baseUrl: "http://127.0.0.1:9",
    fetch: fake.fetch,
    now: () => clock.now,
    sleep: async () => {},
    ...(input.maxRetries === undefined ? {} : { maxRetries: input.maxRetries }),
  });
  await fake.forge.webhooks.runDue();
  const emit = (type = "pull_request.created", target: { installationId?: string } = {}) =>
    fake.forge.webhooks.emit({ type, installationId: installationId as string, ...target, payload: { n: 1 } });
  return { clock, fake, app, appId, installationId: installationId as string, receiver, emit };
}

export async function publishedKeys(fake: FakeService): Promise<CryptoKey[]> {
  const { keys } = (await (await fake.fetch("/v1/forge/keys")).json()) as { keys: JsonWebKey[] };
  return Promise.all(
    keys.map(({ kty, crv, x }) =>
      crypto.subtle.importKey("jwk", { kty, crv, x }, { name: "Ed25519" }, false, ["verify"]),
    ),
  );
}

/** How many (signature entry, published key) pairs verify over `${id}.${timestamp}.${body}`. */
export async function verifications(keys: CryptoKey[], delivery: Received): Promise<number> {
  const h = delivery.headers;
  const content = new TextEncoder().encode(`${h.get("webhook-id")}.${h.get("webhook-timestamp")}.${delivery.body}`);
  let count = 0;
  for (const entry of (h.get("webhook-signature") ?? "").split(" ")) {
    const [prefix, signature = ""] = entry.split(",");
    expect(prefix).toBe("v1ed");
    const bytes = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
    for (const key of keys) if (await crypto.subtle.verify("Ed25519", key, bytes, content)) count += 1;
  }
  return count;
}
