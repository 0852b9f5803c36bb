import { describe, expect, it } from "vitest";
import { WEBHOOK_EVENT_SCHEMAS, type WebhookEventType } from "../../../src/webhooks/event-schemas.js";
import { isWebhookEventType, parseWebhookEvent } from "../../../src/webhooks/events.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import { webhookSetup } from "./helpers.js";

const repository = { id: "repo_1", name: "web-app", fullName: "acme/web-app", owner: { slug: "acme" } };
const pullRef = { id: "pr_1", number: "7", repository };
const user = { user: { id: "user_1", email: "a@example.com" } };
const checkRun = { id: "cr_1", status: "completed", conclusion: "success", rerequestedBy: user };

/** A payload per named type, shaped as the spec describes it (plus a field the spec does not name). */
const PAYLOADS: Record<WebhookEventType, Record<string, unknown>> = {
  ping: { zen: "hello" },
  "installation.created": { app: { id: "app_1", displayName: "Bot" }, installation: { id: "inst_1", appId: "app_1" } },
  "installation.updated": { app: { id: "app_1" }, repositories: [{ id: "repo_1", name: "web-app" }] },
  "installation.deleted": {
    app: { id: "app_1" },
    installation: { id: "inst_1", appId: "app_1", deletedAt: "2026-11-21T12:00:00Z" },
  },
  "repository.pushed": { repository, pusher: user, after: "b".repeat(40) },
  "repository.deleted": { repository, deletedAt: "2026-11-21T12:00:00Z" },
  "repository.metadata.updated": { repository: { ...repository, defaultBranch: "main", visibility: "internal" } },
  "repository.check_run.created": {
    repository,
    checkSuite: { id: "cs_1" },
    checkRun: { id: "cr_1", status: "queued" },
  },
  "repository.check_run.completed": { repository, checkSuite: { id: "cs_1" }, checkRun },
  "repository.check_run.rerequested": { repository, checkRun: { ...checkRun, status: "rerequested" } },
  "pull_request.created": { pullRequest: { number: "7", title: "Add login", stack: { id: "st_1" } } },
  "pull_request.merged": { pullRequest: { number: "7", state: "merged" }, repository },
  "pull_request.closed": { pullRequest: { number: "7", state: "closed" } },
  "pull_request.comment.created": {
    pullRequest: pullRef,
    comment: { id: "c_1", body: "nit", thread: { id: "t_1", path: "a.ts", side: "right", startLine: 3, endLine: 4 } },
  },
  "pull_request.comment.reaction.added": {
    pullRequest: pullRef,
    comment: { id: "c_1", thread: { id: "t_1" } },
    reaction: { content: "+1", reactor: user },
  },
  "pull_request.comment.reaction.removed": {
    pullRequest: pullRef,
    comment: { id: "c_1" },
    reaction: { content: "+1", reactor: user },
  },
  "pull_request.label.added": { pullRequest: pullRef, label: { id: "l_1", name: "bug", color: "ff0000" }, actor: user },
  "pull_request.label.removed": { pullRequest: pullRef, label: { id: "l_1", name: "bug", color: "ff0000" } },
  "pull_request.review.submitted": { pullRequest: pullRef, review: { id: "r_1", state: "approved" } },
  "pull_request.review.dismissed": { pullRequest: pullRef, review: { id: "r_1", dismissal: { reason: "stale" } } },
  "pull_request.reviewer.added": { pullRequest: pullRef, reviewer: { user: { id: "user_2", email: "b@example.com" } } },
  "pull_request.reviewer.removed": { pullRequest: pullRef, reviewer: { group: { id: "grp_1" } } },
  "pull_request.reviewer.rerequested": { pullRequest: pullRef, reviewer: { user: { id: "user_2" } } },
};

const base = { id: "msg_1", installationId: "inst_1", timestamp: 1 };

describe("typed webhook events", () => {
  it("types every event the spec names and keeps fields it does not name", () => {
    expect(Object.keys(PAYLOADS).sort()).toEqual(Object.keys(WEBHOOK_EVENT_SCHEMAS).sort());
    for (const [type, payload] of Object.entries(PAYLOADS)) {
      const event = parseWebhookEvent({ ...base, type, payload: { ...payload, futureField: [1] } });
      expect(event.known, type).toBe(true);
      expect(event.type).toBe(type);
      expect((event.payload as Record<string, unknown>).futureField).toEqual([1]);
    }
  });

  it("narrows on known and type, keeps 64-bit numbers as strings and unknown enum values", () => {
    const event = parseWebhookEvent({
      ...base,
      type: "repository.check_run.completed",
      payload: { checkRun: { id: "cr_9", status: "paused_by_forge" } },
    });
    if (!event.known || event.type !== "repository.check_run.completed") throw new Error("not narrowed");
    expect(event.payload.checkRun.status).toBe("paused_by_forge");
    expect(event.payload.checkRun.isRerequestable).toBe(false);
    const pull = parseWebhookEvent({ ...base, type: "pull_request.merged", payload: PAYLOADS["pull_request.merged"] });
    if (!pull.known || pull.type !== "pull_request.merged") throw new Error("not narrowed");
    expect(pull.payload.pullRequest.number).toBe("7");
  });

  it("passes unknown types through untouched", () => {
    const payload = { anything: [1, 2] };
    const event = parseWebhookEvent({ ...base, type: "repository.starred", payload });
    expect(event).toEqual({ ...base, known: false, type: "repository.starred", payload });
    expect(isWebhookEventType("repository.starred")).toBe(false);
    expect(isWebhookEventType("toString")).toBe(false);
    expect(isWebhookEventType("pull_request.created")).toBe(true);
  });

  it("keeps a payload that breaks a named field, marked with the issues", () => {
    const payload = { pullRequest: { number: 7 } };
    const event = parseWebhookEvent({ ...base, type: "pull_request.created", payload });
    expect(event.known).toBe(false);
    expect(event.payload).toBe(payload);
    if (event.known) throw new Error("unreachable");
    expect(event.issues?.[0]?.path).toBe("pullRequest.number");
    const missing = parseWebhookEvent({ ...base, type: "repository.deleted", payload: { repository } });
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
    const event = parseWebhookEvent(await verifyWebhook(request, { keys: setup.keys, now: setup.now }));
    if (!event.known || event.type !== "pull_request.label.added") throw new Error("not narrowed");
    expect(event.payload.label.name).toBe("bug");
    expect(event.payload.actor?.user?.id).toBe("user_1");
  });
});
