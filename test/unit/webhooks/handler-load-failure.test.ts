import { afterEach, describe, expect, it, vi } from "vitest";
import { webhookSetup } from "./helpers.js";

// The payload schemas load with the first named event (src/webhooks/events.ts). When that load fails (a chunk the
// deployment lost, a bundler that dropped it), the fault is ours, not the sender's: the handler answers 503 so the
// forge redelivers later, rather than 400 "invalid webhook", which the forge would take as final.
describe("createWebhookHandler when the event schemas cannot load", () => {
  afterEach(() => {
    vi.doUnmock("../../../src/webhooks/event-schemas.js");
    vi.resetModules();
  });

  it("answers 503 (try again later) for a genuine delivery and reports module_load_failed", async () => {
    vi.resetModules();
    vi.doMock("../../../src/webhooks/event-schemas.js", () => {
      throw new Error("chunk event-schemas-XYZ.js not found");
    });
    const { createWebhookHandler } = await import("../../../src/webhooks/handler.js");
    const setup = webhookSetup();
    const reports: { code?: string; stage: string }[] = [];
    const handler = createWebhookHandler({
      keys: setup.keys,
      now: setup.now,
      on: { "pull_request.created": async () => {} },
      onError: (error, info) => reports.push({ code: (error as { code?: string }).code, stage: info.stage }),
    });
    const response = await handler(
      await setup.delivery({ type: "pull_request.created", payload: { pullRequest: {} } }),
    );
    expect(response.status).toBe(503);
    expect(await response.text()).toBe("try again later");
    expect(reports).toEqual([{ code: "module_load_failed", stage: "verify" }]);
  });
});
