// A handler keyed by an event type the spec does not name (a typo, or GitHub's `pull_request.opened`) would never
// run: TypeScript catches it, plain JavaScript does not. createWebhookHandler and dispatchWebhookEvent refuse it at
// once, naming the key, and point to `onUnhandled`; every named type is still accepted.
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import {
  createWebhookHandler,
  dispatchWebhookEvent,
  ForgeKeys,
  WEBHOOK_EVENT_TYPES,
} from "../../../src/webhooks/index.js";

const keys = new ForgeKeys({ baseUrl: "https://forge.example.test", fetch: async () => Response.json({ keys: [] }) });
const noop = () => undefined;
const UNKNOWN = ["pull_request.opened", "push", "installation_created", "PING", "", "pull_request.created "];

describe("handlers for event types the spec does not name", () => {
  it("createWebhookHandler refuses each, naming the key and onUnhandled", () => {
    const wrong: string[] = [];
    for (const type of UNKNOWN) {
      try {
        createWebhookHandler({ keys, on: { [type]: noop } as never });
        wrong.push(`${JSON.stringify(type)}: accepted`);
      } catch (error) {
        const ok =
          error instanceof AgentlineError && error.message.includes("options.on") && /onUnhandled/.test(error.message);
        if (!ok) wrong.push(`${JSON.stringify(type)}: ${String(error)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("dispatchWebhookEvent refuses them too", async () => {
    const event = { type: "ping", id: "w1", payload: {} } as never;
    await expect(dispatchWebhookEvent(event, { on: { "pull_request.opened": noop } as never })).rejects.toBeInstanceOf(
      AgentlineError,
    );
  });

  it("accepts a handler for every type the spec names", () => {
    const on = Object.fromEntries(WEBHOOK_EVENT_TYPES.map((type) => [type, noop]));
    expect(typeof createWebhookHandler({ keys, on })).toBe("function");
  });
});
