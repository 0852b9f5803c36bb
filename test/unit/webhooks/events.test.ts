import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_SCHEMAS, type WebhookEventType } from "../../../src/webhooks/event-schemas.js";
import { WEBHOOK_EVENT_TYPES } from "../../../src/webhooks/event-types.js";
import { isWebhookEventType, loadWebhookEventSchemas, parseWebhookEvent } from "../../../src/webhooks/events.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import { PAYLOADS, repository } from "./event-payloads.js";
import { webhookSetup } from "./helpers.js";

const base = { id: "msg_1", installationId: "inst_1", unverifiedInstallationId: undefined, timestamp: 1 };
/** A delivery whose type was read from the signed body. */
const signed = { ...base, typeSource: "body" as const };

describe("typed webhook events", () => {
  it("types every event the spec names and keeps fields it does not name", async () => {
    expect(Object.keys(PAYLOADS).sort()).toEqual(Object.keys(WEBHOOK_EVENT_SCHEMAS).sort());
    for (const [type, payload] of Object.entries(PAYLOADS)) {
      const event = await parseWebhookEvent({ ...signed, type, payload: { ...payload, futureField: [1] } });
      expect(event.known, type).toBe(true);
      expect(event.type).toBe(type);
      expect((event.payload as Record<string, unknown>).futureField).toEqual([1]);
    }
  });

  it("narrows on known and type, keeps 64-bit numbers as strings and unknown enum values", async () => {
    const event = await parseWebhookEvent({
      ...signed,
      type: "repository.check_run.completed",
      payload: { checkRun: { id: "cr_9", status: "paused_by_forge" } },
    });
    if (!event.known || event.type !== "repository.check_run.completed") throw new Error("not narrowed");
    expect(event.payload.checkRun.status).toBe("paused_by_forge");
    expect(event.payload.checkRun.isRerequestable).toBe(false);
    const pull = await parseWebhookEvent({
      ...signed,
      type: "pull_request.merged",
      payload: PAYLOADS["pull_request.merged"],
    });
    if (!pull.known || pull.type !== "pull_request.merged") throw new Error("not narrowed");
    expect(pull.payload.pullRequest.number).toBe("7");
  });

  it("names the same types in the light list as in the schemas, and loads those schemas once", async () => {
    expect([...WEBHOOK_EVENT_TYPES].sort()).toEqual(Object.keys(WEBHOOK_EVENT_SCHEMAS).sort());
    // Compile-time: the list and the schemas' keys are one union, both ways.
    const sameUnion: [WebhookEventType] extends [(typeof WEBHOOK_EVENT_TYPES)[number]] ? true : false = true;
    expect(sameUnion).toBe(true);
    const [first, second] = await Promise.all([loadWebhookEventSchemas(), loadWebhookEventSchemas()]);
    expect(first).toBe(WEBHOOK_EVENT_SCHEMAS);
    expect(second).toBe(first);
  });

  it("passes unknown types through untouched", async () => {
    const payload = { anything: [1, 2] };
    const event = await parseWebhookEvent({ ...signed, type: "repository.starred", payload });
    expect(event).toEqual({ ...signed, known: false, type: "repository.starred", payload });
    expect(isWebhookEventType("repository.starred")).toBe(false);
    expect(isWebhookEventType("toString")).toBe(false);
    expect(isWebhookEventType("pull_request.created")).toBe(true);
  });

  it("never makes a named type known when only the unsigned header names it (typeSource header)", async () => {
    for (const [type, payload] of Object.entries(PAYLOADS)) {
      const event = await parseWebhookEvent({ ...base, typeSource: "header", type, payload });
      expect(event).toEqual({ ...base, known: false, type, typeSource: "header", payload });
    }
    // A delivery from before typeSource existed (a queued message, a hand-built object) is not trusted either.
    const legacy = { ...base, type: "ping", payload: {} } as unknown as Parameters<typeof parseWebhookEvent>[0];
    expect(await parseWebhookEvent(legacy)).toMatchObject({ known: false, typeSource: "header" });
  });

  it("keeps a payload that breaks a named field, marked with the issues", async () => {
    const payload = { pullRequest: { number: 7 } };
    const event = await parseWebhookEvent({ ...signed, type: "pull_request.created", payload });
    expect(event.known).toBe(false);
    expect(event.payload).toBe(payload);
    if (event.known) throw new Error("unreachable");
    expect(event.issues?.[0]?.path).toBe("pullRequest.number");
    const missing = await parseWebhookEvent({ ...signed, type: "repository.deleted", payload: { repository } });
    expect(missing.known).toBe(false);
    if (missing.known) throw new Error("unreachable");
    expect(missing.issues?.map((issue) => issue.path)).toContain("deletedAt");
  });

  it("types a verified delivery end to end", async () => {
    const setup = webhookSetup();
    const request = await setup.delivery({
      type: "pull_request.label.added",
      payload: PAYLOADS["pull_request.label.added"],
    });
    const event = await parseWebhookEvent(await verifyWebhook(request, { keys: setup.keys, now: setup.now }));
    if (!event.known || event.type !== "pull_request.label.added") throw new Error("not narrowed");
    expect(event.payload.label.name).toBe("bug");
    expect(event.payload.actor?.user?.id).toBe("user_1");
  });
});
