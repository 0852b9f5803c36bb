// Raw bodies a runtime or a framework may hand over in an awkward state or form: a stream someone else holds (a
// locked reader), a stream that fails part way (the sender went away), bytes over a SharedArrayBuffer or a
// resizable ArrayBuffer, chunks from another realm. Each either verifies or is refused with the SDK's own error.
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { WebhookVerificationError } from "../../../src/webhooks/errors.js";
import { createWebhookHandler, type WebhookErrorInfo } from "../../../src/webhooks/handler.js";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { verifyWebhook, type WebhookParts } from "../../../src/webhooks/verify.js";
import {
  DELIVERY_TIME,
  deliveryHeaders,
  deliveryNow,
  independentKey,
  PING_BODY,
  rejectionOf,
  serveKeysForFile,
} from "./independent-forge.js";

const T = DELIVERY_TIME;
const now = deliveryNow;
const BODY = PING_BODY;
const BYTES = new TextEncoder().encode(BODY);
const key = independentKey();
const served = serveKeysForFile(key);

const headersFor = (id: string) => deliveryHeaders([key], { id, timestamp: T, body: BODY });

/** A stream that sends the first byte of the body, then fails as a dropped connection does. */
function failingStream(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(BYTES.slice(0, 1));
      controller.error(new Error("socket hang up"));
    },
  });
}

describe("verifyWebhook: body streams in a state the SDK cannot read", () => {
  it("refuses a locked stream, given as parts or as an unread Request's body, with an AgentlineError naming input.body", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const headers = headersFor("msg_locked");
    const stream = new Response(BODY).body as ReadableStream<Uint8Array>;
    stream.getReader();
    const request = new Request("https://app.example/webhooks", { method: "POST", headers, body: BODY });
    (request.body as ReadableStream<Uint8Array>).getReader();
    expect(request.bodyUsed).toBe(false);
    for (const input of [{ headers, body: stream }, request] as const) {
      const error = await rejectionOf(verifyWebhook(input, { keys, now }));
      expect(isAgentlineError(error), String(error)).toBe(true);
      expect((error as Error).message).toContain("`input.body`");
      expect((error as Error).message).toContain("locked");
    }
  });

  it("refuses a stream that fails part way as body_unreadable, keeping the stream's error as cause", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const error = await rejectionOf(
      verifyWebhook({ headers: headersFor("msg_failing"), body: failingStream() }, { keys, now }),
    );
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).reason).toBe("body_unreadable");
    expect(((error as Error).cause as Error).message).toBe("socket hang up");
  });

  it("answers a delivery whose body fails part way with 400, telling onError the reason", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const seen: WebhookErrorInfo[] = [];
    const handler = createWebhookHandler({ keys, now, onError: (_error, info) => seen.push(info) });
    const request = new Request("https://app.example/webhooks", {
      method: "POST",
      headers: headersFor("msg_failing_request"),
      body: failingStream(),
      duplex: "half",
    } as RequestInit);
    const response = await handler(request);
    expect(response.status).toBe(400);
    expect(seen).toEqual([{ stage: "verify", reason: "body_unreadable" }]);
  });
});

describe("verifyWebhook: bytes the Fetch API itself refuses", () => {
  it("verifies a body over a SharedArrayBuffer or a resizable ArrayBuffer, whole or as a view", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const shared = new SharedArrayBuffer(BYTES.length);
    new Uint8Array(shared).set(BYTES);
    // ES2024's resizable form (Node 20+); the project's lib does not declare its options yet.
    const Resizable = ArrayBuffer as unknown as new (length: number, options: { maxByteLength: number }) => ArrayBuffer;
    const resizable = new Resizable(BYTES.length, { maxByteLength: 4096 });
    new Uint8Array(resizable).set(BYTES);
    const bodies: Record<string, unknown> = {
      "a Uint8Array over a SharedArrayBuffer": new Uint8Array(shared),
      "a DataView over a SharedArrayBuffer": new DataView(shared),
      "a SharedArrayBuffer": shared,
      "a resizable ArrayBuffer": resizable,
      "a Uint8Array over a resizable ArrayBuffer": new Uint8Array(resizable),
    };
    const wrong: string[] = [];
    for (const [name, body] of Object.entries(bodies)) {
      const error = await rejectionOf(
        verifyWebhook({ headers: headersFor("msg_shared"), body: body as WebhookParts["body"] }, { keys, now }),
      );
      if (error !== undefined) wrong.push(`${name}: ${String(error)}`);
    }
    console.log(`unusual buffers: ${Object.keys(bodies).length}, ${wrong.length} not verified`);
    expect(wrong).toEqual([]);
  });

  it("refuses a detached (transferred) buffer with an AgentlineError naming input.body", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const buffer = BYTES.slice().buffer;
    const view = new Uint8Array(buffer);
    structuredClone(buffer, { transfer: [buffer] });
    for (const body of [buffer, view]) {
      const error = await rejectionOf(verifyWebhook({ headers: headersFor("msg_detached"), body }, { keys, now }));
      expect(isAgentlineError(error), String(error)).toBe(true);
      expect((error as Error).message).toContain("`input.body`");
    }
  });

  it("takes a Uint8Array from another realm both as the whole body and as a stream chunk", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const foreign = () => runInNewContext("new Uint8Array(bytes)", { bytes: [...BYTES] }) as Uint8Array;
    expect(foreign()).not.toBeInstanceOf(Uint8Array);
    const whole = await verifyWebhook({ headers: headersFor("msg_realm"), body: foreign() }, { keys, now });
    expect(whole.payload).toEqual(JSON.parse(BODY));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(foreign());
        controller.close();
      },
    });
    const chunked = await verifyWebhook({ headers: headersFor("msg_realm"), body: stream }, { keys, now });
    expect(chunked.payload).toEqual(JSON.parse(BODY));
  });
});
