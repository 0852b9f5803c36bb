// What verifyWebhook does with inputs a server framework may hand it by mistake: a body that is not the raw
// bytes (a parsed JSON object, a stream of strings), and a header record holding an invalid header whose value
// is a secret. Each is refused with an AgentlineError that names the argument, and no secret is echoed.
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { WebhookVerificationError } from "../../../src/webhooks/errors.js";
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
const key = independentKey();
const served = serveKeysForFile(key);

describe("verifyWebhook: inputs that are not a raw delivery", () => {
  it("refuses every body that is not the raw bytes with an AgentlineError naming input.body, before any key fetch", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const headers = deliveryHeaders([key], { id: "msg_body", timestamp: T, body: BODY });
    const before = served.server.fetches();
    const wrongBodies: Record<string, () => unknown> = {
      "parsed JSON": () => JSON.parse(BODY),
      "an array": () => [BODY],
      "a number": () => 42,
      "a boolean": () => true,
      "URLSearchParams (re-serialized)": () => new URLSearchParams({ a: "b" }),
    };
    const wrong: string[] = [];
    for (const [name, body] of Object.entries(wrongBodies)) {
      const error = await rejectionOf(verifyWebhook({ headers, body: body() as WebhookParts["body"] }, { keys, now }));
      if (!isAgentlineError(error) || error.code !== "invalid_option" || !error.message.includes("input.body")) {
        wrong.push(`${name}: ${String(error)}`);
      }
    }
    console.log(`wrong bodies: ${Object.keys(wrongBodies).length}, ${wrong.length} not refused as input.body`);
    expect(wrong).toEqual([]);
    expect(served.server.fetches() - before).toBe(0);
  });

  it("refuses a ReadableStream of strings with an AgentlineError, never a RangeError", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const headers = deliveryHeaders([key], { id: "msg_stream", timestamp: T, body: BODY });
    const strings = new ReadableStream({
      start(controller) {
        controller.enqueue(BODY);
        controller.close();
      },
    });
    const error = await rejectionOf(
      verifyWebhook({ headers, body: strings as ReadableStream<Uint8Array> }, { keys, now }),
    );
    expect(isAgentlineError(error), String(error)).toBe(true);
    expect((error as Error).message).toContain("input.body");
  });

  it("accepts a Blob and a DataView as raw bytes", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const headers = deliveryHeaders([key], { id: "msg_views", timestamp: T, body: BODY });
    const bytes = new TextEncoder().encode(BODY);
    const blob = new Blob([bytes]) as unknown as WebhookParts["body"];
    expect((await verifyWebhook({ headers, body: blob }, { keys, now })).payload).toEqual(JSON.parse(BODY));
    const view = new DataView(bytes.buffer) as unknown as WebhookParts["body"];
    expect((await verifyWebhook({ headers, body: view }, { keys, now })).payload).toEqual(JSON.parse(BODY));
  });

  it("fails closed on a clock that gives no number: a 1970 timestamp is never let through", async () => {
    const body = JSON.stringify({ type: "ping" });
    const headers = deliveryHeaders([key], { id: "msg_clock", timestamp: 1000, body });
    const clocks: Record<string, () => unknown> = {
      "not a number": () => Number.NaN,
      undefined: () => undefined,
      "the function itself": () => Date.now,
      "a word": () => "soon",
    };
    const wrong: string[] = [];
    for (const [name, clock] of Object.entries(clocks)) {
      const keys = new ForgeKeys({ baseUrl: served.server.baseUrl });
      const error = await rejectionOf(verifyWebhook({ headers, body }, { keys, now: clock as () => number }));
      if (!isAgentlineError(error)) wrong.push(`verifyWebhook, ${name}: ${String(error)}`);
      const clocked = new ForgeKeys({ baseUrl: served.server.baseUrl, now: clock as () => number });
      const keysError = await rejectionOf(clocked.getKeys().then((found) => found.length));
      if (!isAgentlineError(keysError)) wrong.push(`ForgeKeys, ${name}: ${String(keysError)}`);
    }
    console.log(`clocks without a number: ${Object.keys(clocks).length}, ${wrong.length} not refused`);
    expect(wrong).toEqual([]);
  });

  it("never echoes an invalid header's value (a bearer token) in the refusal, its cause or console.log", async () => {
    const keys = new ForgeKeys({ baseUrl: served.server.baseUrl, now });
    const secret = "oit_s3cr3t-token-value";
    const headers = {
      ...deliveryHeaders([key], { id: "msg_secret", timestamp: T, body: BODY }),
      authorization: `Bearer ${secret}\r\nx-injected: 1`,
    };
    const error = await rejectionOf(verifyWebhook({ headers, body: BODY }, { keys, now }));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect((error as WebhookVerificationError).reason).toBe("malformed_header");
    const views = [
      inspect(error, { depth: 10 }),
      JSON.stringify(error),
      String(error),
      String((error as Error).cause),
      (error as Error).stack,
    ];
    const leaks = views.filter((view) => view?.includes(secret) || view?.includes(btoa(secret)));
    console.log(`error views: ${views.length}, ${leaks.length} with the token`);
    expect(leaks).toEqual([]);
    expect((error as Error).message).toContain("authorization");
  });
});
