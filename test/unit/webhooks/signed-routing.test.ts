// Webhooks dispatch on what is signed. The signature covers id, timestamp and body only, so the event type and
// the installation are read from the signed body; the unsigned `webhook-event-type` and `webhook-installation-id`
// headers are cross-checked against it. Deliveries here are signed by an independent signer (the Standard
// Webhooks layout straight on WebCrypto, not the SDK's signWebhook) with the fake forge's published key.
import { describe, expect, it } from "vitest";
import { MemoryDedupeStore } from "../../../src/webhooks/dedupe.js";
import { WEBHOOK_EVENT_SCHEMAS, type WebhookEventType } from "../../../src/webhooks/event-schemas.js";
import type { WebhookEvent } from "../../../src/webhooks/events.js";
import { createWebhookHandler, type WebhookErrorInfo } from "../../../src/webhooks/handler.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import { PAYLOADS } from "./event-payloads.js";
import { webhookSetup } from "./helpers.js";

const TYPES = Object.keys(WEBHOOK_EVENT_SCHEMAS) as WebhookEventType[];
const INSTALLATION = "inst_1";
const UNSIGNED_HEADERS = ["webhook-event-type", "webhook-installation-id"] as const;
const MUTATIONS = ["changed", "removed", "duplicated", "case-changed"] as const;

/** `v1ed,<base64>` over `${id}.${timestamp}.${body}`, computed here from the layout alone. */
async function signIndependently(key: CryptoKey, id: string, timestamp: number, body: string): Promise<string> {
  const content = new TextEncoder().encode(`${id}.${timestamp}.${body}`);
  const signature = new Uint8Array(await crypto.subtle.sign("Ed25519", key, content));
  return `v1ed,${btoa(String.fromCharCode(...signature))}`;
}

/** A delivery as header pairs (so a header can be sent twice) and its body, with what its body signs. */
interface Delivery {
  id: string;
  pairs: Array<[string, string]>;
  body: string;
  signedType: string;
  signedInstallation: string | undefined;
}

/**
 * What the forge sends for one event: the type and installation in the signed body, either flat (as the fake
 * forge sends it: `type`, `installation.id`) or nested as the spec's delivery resource (`event.type`), and the
 * same values in the headers. Pings and `installation.deleted` are installation-less: no installation header
 * (the deleted installation's snapshot is still in the body).
 */
async function genuine(key: CryptoKey, timestamp: number, id: string, type: string, nested: boolean) {
  const appTargeted = type === "ping" || type === "installation.deleted";
  const reference = { id: INSTALLATION, target: { slug: "acme", id: "team_1", type: "team" } };
  const envelope = nested ? { event: { id: `evt_${id}`, type } } : { id: `evt_${id}`, type };
  const payload = PAYLOADS[type as WebhookEventType] ?? {};
  const body = JSON.stringify({ ...envelope, ...(type === "ping" ? {} : { installation: reference }), ...payload });
  const pairs: Array<[string, string]> = [
    ["webhook-id", id],
    ["webhook-timestamp", String(timestamp)],
    ["webhook-signature", await signIndependently(key, id, timestamp, body)],
    ["webhook-event-type", type],
  ];
  if (!appTargeted) pairs.push(["webhook-installation-id", INSTALLATION]);
  const signedInstallation = type === "ping" ? undefined : INSTALLATION;
  return { id, pairs, body, signedType: type, signedInstallation } satisfies Delivery;
}

/** The delivery with one unsigned header tampered with. */
function tamper(delivery: Delivery, header: string, mutation: (typeof MUTATIONS)[number]): Delivery {
  const current = delivery.pairs.find(([name]) => name === header)?.[1];
  const signed = header === "webhook-event-type" ? delivery.signedType : delivery.signedInstallation;
  const other =
    header === "webhook-event-type"
      ? delivery.signedType === "installation.deleted"
        ? "ping"
        : "installation.deleted"
      : "inst_attacker";
  const without = delivery.pairs.filter(([name]) => name !== header);
  const pairs: Array<[string, string]> =
    mutation === "changed"
      ? [...without, [header, other]]
      : mutation === "removed"
        ? without
        : mutation === "duplicated"
          ? [
              ...delivery.pairs,
              ...(current === undefined ? [[header, other] as [string, string]] : []),
              [header, other],
            ]
          : [...without, [header, (current ?? signed ?? other).toUpperCase()]];
  return { ...delivery, pairs };
}

function request(delivery: Delivery): Request {
  const headers = new Headers({ "content-type": "application/json" });
  for (const [name, value] of delivery.pairs) headers.append(name, value);
  return new Request("https://app.example/webhooks", { method: "POST", headers, body: delivery.body });
}

interface Run {
  id: string;
  type: string;
  installationId: string | undefined;
  unverifiedInstallationId: string | undefined;
}

/** A handler with a dedupe store and a handler for every named type, recording every run and refusal. */
function recordingHandler(setup: ReturnType<typeof webhookSetup>) {
  const runs: Run[] = [];
  const refusals: Array<{ error: unknown; info: WebhookErrorInfo }> = [];
  const record = (event: WebhookEvent) => {
    const unverified = (event as { unverifiedInstallationId?: string }).unverifiedInstallationId;
    runs.push({
      id: event.id,
      type: event.type,
      installationId: event.installationId,
      unverifiedInstallationId: unverified,
    });
  };
  const on = Object.fromEntries(TYPES.map((type) => [type, record]));
  const handler = createWebhookHandler({
    keys: setup.keys,
    now: setup.now,
    dedupe: new MemoryDedupeStore({ now: setup.now }),
    on,
    onUnhandled: record,
    onError: (error, info) => refusals.push({ error, info }),
  });
  return { handler, runs, refusals };
}

async function forgeKey(setup: ReturnType<typeof webhookSetup>): Promise<CryptoKey> {
  return ((await setup.fake.forge.signingKeys())[0] as { privateKey: CryptoKey }).privateKey;
}

describe("webhooks dispatch on what is signed", () => {
  it("refuses a genuine delivery whose type header was changed to installation.deleted; the genuine one then runs", async () => {
    const setup = webhookSetup();
    const key = await forgeKey(setup);
    const { handler, runs, refusals } = recordingHandler(setup);
    const timestamp = Math.floor(setup.now() / 1000);
    const updated = await genuine(key, timestamp, "dlv_issue", "installation.updated", false);
    const forged = tamper(updated, "webhook-event-type", "changed");
    expect(forged.pairs).toContainEqual(["webhook-event-type", "installation.deleted"]);

    const refused = await handler(request(forged));
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe("invalid webhook");
    expect(refusals.map(({ info }) => [info.stage, info.reason])).toEqual([["verify", "header_mismatch"]]);
    expect(runs).toEqual([]);

    const delivered = await handler(request(updated));
    expect(delivered.status).toBe(200);
    expect(await delivered.text()).toBe("ok");
    expect(runs).toEqual([
      {
        id: "dlv_issue",
        type: "installation.updated",
        installationId: INSTALLATION,
        unverifiedInstallationId: undefined,
      },
    ]);
  });

  it(`sweeps ${TYPES.length} event types × 2 body forms × 2 unsigned headers × 4 tamperings: 0 runs off the signed body, 0 genuine deliveries lost as duplicates`, async () => {
    const setup = webhookSetup();
    const key = await forgeKey(setup);
    const { handler, runs, refusals } = recordingHandler(setup);
    const timestamp = Math.floor(setup.now() / 1000);
    let sent = 0;
    let expectedMismatches = 0;
    let duplicateWithoutRun = 0;
    const ids: Delivery[] = [];
    for (const type of TYPES) {
      for (const nested of [false, true]) {
        for (const header of UNSIGNED_HEADERS) {
          for (const mutation of MUTATIONS) {
            const id = `dlv_${sent}`;
            const delivery = await genuine(key, timestamp, id, type, nested);
            ids.push(delivery);
            const signed = header === "webhook-event-type" ? delivery.signedType : delivery.signedInstallation;
            if (signed !== undefined && (mutation === "changed" || mutation === "case-changed"))
              expectedMismatches += 1;
            await handler(request(tamper(delivery, header, mutation)));
            const answer = await handler(request(delivery));
            const ran = runs.some((run) => run.id === id && run.type === type);
            if ((await answer.text()) === "duplicate" && !ran) duplicateWithoutRun += 1;
            sent += 1;
          }
        }
      }
    }
    expect(sent).toBe(TYPES.length * 2 * UNSIGNED_HEADERS.length * MUTATIONS.length);
    const offSigned = runs.filter((run) => {
      const delivery = ids.find((candidate) => candidate.id === run.id) as Delivery;
      return run.type !== delivery.signedType || run.installationId !== delivery.signedInstallation;
    });
    expect(offSigned).toEqual([]);
    expect(duplicateWithoutRun).toBe(0);
    // Every delivery's event ran exactly once.
    expect(runs).toHaveLength(sent);
    expect(new Set(runs.map((run) => run.id)).size).toBe(sent);
    // A header disagreeing with the body is refused with its own reason; a header sent twice is malformed.
    const reasons = refusals.map(({ info }) => `${info.stage}:${info.reason}`);
    expect(reasons.filter((reason) => reason === "verify:header_mismatch")).toHaveLength(expectedMismatches);
    expect(reasons.every((reason) => reason === "verify:header_mismatch" || reason === "verify:malformed_header")).toBe(
      true,
    );
    // An installation header on a body naming none (pings) is handed on as unverified, never as the installation.
    const handedOn = runs.filter((run) => run.unverifiedInstallationId !== undefined);
    expect(handedOn.length).toBeGreaterThan(0);
    expect(handedOn.every((run) => run.type === "ping" && run.installationId === undefined)).toBe(true);
  });

  it("hands a header on, marked unverified, only where the signed body does not carry the value", async () => {
    const setup = webhookSetup();
    const key = await forgeKey(setup);
    const timestamp = Math.floor(setup.now() / 1000);
    const options = { keys: setup.keys, now: setup.now };
    const bare = (body: string, headers: Array<[string, string]>) =>
      signIndependently(key, "dlv_bare", timestamp, body).then((signature) =>
        request({
          id: "dlv_bare",
          body,
          signedType: "",
          signedInstallation: undefined,
          pairs: [
            ["webhook-id", "dlv_bare"],
            ["webhook-timestamp", String(timestamp)],
            ["webhook-signature", signature],
            ...headers,
          ],
        }),
      );
    const headerOnly = JSON.stringify(PAYLOADS["pull_request.created"]);
    const fromHeaders = await verifyWebhook(
      await bare(headerOnly, [
        ["webhook-event-type", "pull_request.created"],
        ["webhook-installation-id", "inst_9"],
      ]),
      options,
    );
    expect(fromHeaders).toMatchObject({
      type: "pull_request.created",
      typeSource: "header",
      installationId: undefined,
      unverifiedInstallationId: "inst_9",
    });
    // A type only the header names never reaches the typed handler: onUnhandled gets it, marked.
    const seen: string[] = [];
    const handler = createWebhookHandler({
      ...options,
      on: { "pull_request.created": () => void seen.push("typed") },
      onUnhandled: (event) => void seen.push(`unhandled:${event.type}:${event.typeSource}:${event.known}`),
    });
    await handler(await bare(headerOnly, [["webhook-event-type", "pull_request.created"]]));
    expect(seen).toEqual(["unhandled:pull_request.created:header:false"]);

    // Signed in the body, the header may be left out; with neither, the type is missing.
    const signedBody = JSON.stringify({ type: "ping", installation: { id: "inst_2" } });
    const fromBody = await verifyWebhook(await bare(signedBody, []), options);
    expect(fromBody).toMatchObject({ type: "ping", typeSource: "body", installationId: "inst_2" });
    expect(fromBody.unverifiedInstallationId).toBeUndefined();
    const neither = await verifyWebhook(await bare("{}", []), options).catch((error: unknown) => error);
    expect(neither).toMatchObject({ reason: "missing_header" });
    expect((neither as Error).message).toContain("webhook-event-type");
  });
});
