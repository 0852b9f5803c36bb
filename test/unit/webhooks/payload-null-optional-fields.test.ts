// Webhook payloads share the forge's proto3-style JSON: an optional field a sender writes as `null` means the same as
// leaving it out, as in every Forge response (see test/unit/forge/response-null-optional-fields.test.ts). A merge push
// sent with `"pusher": null` must not turn a genuine delivery into a refused payload. Each named event type's payload
// (shaped as the spec describes it), every field at every level set to `null` one at a time, through
// `checkWebhookPayload`: it parses exactly as the payload without that field does, or fails naming the field the same way.
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { checkWebhookPayload, type WebhookEventType } from "../../../src/webhooks/event-schemas.js";
import { type NullCase, sweepNulls } from "../admin/response-null-sweep.js";
import { PAYLOADS } from "./event-payloads.js";

/** The payload check as a call: the parsed payload, or the same response ValidationError a client would throw. */
const check = (type: WebhookEventType) => async (body: unknown) => {
  const result = checkWebhookPayload(type, body);
  if (result.success) return result.output;
  throw new ValidationError(result.issues, { direction: "response", context: type });
};

describe("webhook payloads: optional fields sent as null", () => {
  it("every named type × every field: 0 wrong", async () => {
    const cases: NullCase[] = Object.entries(PAYLOADS).map(([type, payload]) => ({
      op: type,
      body: () => structuredClone(payload),
      call: check(type as WebhookEventType),
    }));
    // Fields the payloads carry but the spec does not type (`zen`, `after`, a dismissal's `reason`): unknown fields, passed through as sent.
    const sweep = await sweepNulls(cases, new Set(["zen", "after", "reason"]));
    console.log(
      `webhook payload nulls: ${sweep.tried} cases, ${sweep.required.length} required, ${sweep.failures.length} wrong`,
    );
    expect(sweep.tried).toBeGreaterThan(100);
    expect(sweep.failures).toEqual([]);
  });
});
