// Shared setup of the fake-events tests: the fake forge with three apps listening on one in-process receiver, an
// installation client on acme/web-app with one open pull request, and a check of one delivery's header and payload.
import { expect } from "vitest";
import { ForgeApp } from "../../../src/forge/forge-app.js";
import { ForgeClient } from "../../../src/forge/forge-client.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { createFakeService } from "../../../src/testing/index.js";
import {
  checkWebhookPayload,
  WEBHOOK_EVENT_SCHEMAS,
  type WebhookEventType,
} from "../../../src/webhooks/event-schemas.js";
import type { Json } from "../testing/helpers.js";
import { PULL_SCOPES } from "./pull-fixtures.js";

const T0 = Date.parse("2026-11-21T12:00:00Z");
/** Where the three apps receive deliveries: `${HOOK}/owner`, `/observer`, `/unsubscribed`. */
export const HOOK = "https://hooks.example.test";
const EVERY_EVENT = Object.keys(WEBHOOK_EVENT_SCHEMAS).filter((type) => type !== "ping");
/** A user token that may update apps and widen installations. */
export const ADMIN = {
  token: "admin-token",
  userId: "user_0001",
  scopes: ["app:settings:write", "namespace:installations:write"],
};
/** A user token of a reviewer candidate who may submit reviews. */
export const REVIEWER = {
  token: "reviewer-token",
  userId: "user_0002",
  scopes: ["repository:pull_requests:reviews:write"],
};
const BASE_URL = "http://127.0.0.1:9";
/** Which app a delivery went to. */
export type Listener = "owner" | "observer" | "unsubscribed";

/** One delivery as the receiver saw it. */
export interface Delivery {
  to: Listener;
  deliveryId: string;
  type: string | null;
  installationId: string | null;
  body: Record<string, Json>;
}

/**
 * Three apps with a webhook address: `owner` (the SDK client's app, every event), `observer` (every event,
 * installed on all repositories) and `unsubscribed` (no events). One receiver records what each is sent.
 */
export async function setup() {
  const clock = { now: T0 };
  const fake = createFakeService({ now: () => clock.now, forge: { userTokens: [ADMIN, REVIEWER] } });
  const received: Delivery[] = [];
  const failing = new Set<Listener>();
  fake.forge.webhooks.setReceiver(async (request) => {
    const to = new URL(request.url).pathname.slice(1) as Listener;
    const h = request.headers;
    const body = JSON.parse(await request.text());
    const deliveryId = h.get("webhook-id") ?? "";
    const [type, installationId] = [h.get("webhook-event-type"), h.get("webhook-installation-id")];
    received.push({ to, deliveryId, type, installationId, body });
    return new Response(null, { status: failing.has(to) ? 500 : 204 });
  });
  const keys = await generateAppKeyPair();
  const hook = (to: Listener) => `${HOOK}/${to}`;
  const owner = fake.forge.registerApp({
    publicKeyPem: keys.publicKey,
    webhookUrl: hook("owner"),
    events: EVERY_EVENT,
    install: { scopes: [...PULL_SCOPES, "repository:settings:write"] },
  });
  const observer = fake.forge.registerApp({ webhookUrl: hook("observer"), events: EVERY_EVENT });
  fake.forge.registerApp({ webhookUrl: hook("unsubscribed"), events: [] });
  const app = new ForgeApp({
    appId: owner.appId,
    privateKey: keys.privateKey,
    baseUrl: BASE_URL,
    fetch: fake.fetch,
    now: () => clock.now,
    sleep: async () => {},
  });
  const repo = app.installation(owner.installationId as string).repo("acme", "web-app");
  const pull = await repo.pulls.create({ title: "Add login", head: "feature/login", base: "main" });
  await fake.forge.webhooks.runDue();
  received.length = 0;
  /** What one app was sent (optionally of one type) once attempts in flight settled, in the order emitted. */
  const sent = async (to: Listener, type?: string) => {
    await fake.forge.webhooks.runDue();
    const order = fake.forge.webhooks.deliveries().map((d) => d.id);
    return received
      .filter((d) => d.to === to && (type === undefined || d.type === type))
      .sort((a, b) => order.indexOf(a.deliveryId) - order.indexOf(b.deliveryId));
  };
  const { head, base } = pull as unknown as { head: { sha: string }; base: { sha: string } };
  return {
    clock,
    fake,
    app,
    repo,
    pull,
    headSha: head.sha,
    baseSha: base.sha,
    owner: { appId: owner.appId, installationId: owner.installationId as string },
    observer: { appId: observer.appId, installationId: observer.installationId as string },
    received,
    failing,
    sent,
    userClient: (token: string) =>
      new ForgeClient({ token, baseUrl: BASE_URL, fetch: fake.fetch, sleep: async () => {} }),
  };
}

/** The one delivery of `type`; checks the header against the body and that the SDK's schemas accept the payload. */
export function only(deliveries: Delivery[], type: string, installationId: string): Record<string, Json> {
  const matching = deliveries.filter((d) => d.type === type);
  expect(matching).toHaveLength(1);
  const [delivery] = matching as [Delivery];
  expect(delivery.installationId).toBe(installationId);
  expect(delivery.body).toMatchObject({ type, installation: { id: installationId } });
  expect(Object.hasOwn(WEBHOOK_EVENT_SCHEMAS, type)).toBe(true);
  expect(checkWebhookPayload(type as WebhookEventType, delivery.body)).toMatchObject({ success: true });
  return delivery.body;
}
