// One signed POST of a delivery to an app's webhook address, with the spec's 10-second attempt timeout.
import { signWebhook } from "../../../webhooks/sign.js";
import type { Clock } from "../../clock.js";
import type { ForgeKeyring } from "../forge-keys.js";
import { ATTEMPT_TIMEOUT_MS } from "./delivery-store.js";

/**
 * Receives the fake forge's deliveries in place of the network: gets the signed `POST` (its `signal`
 * fires when the 10-second attempt timeout passes) and answers like a webhook endpoint would.
 */
export type WebhookReceiver = (request: Request) => Promise<Response>;

/** What one attempt sends. */
export interface OutgoingDelivery {
  /** The app's `webhookUrl`. */
  url: string;
  deliveryId: string;
  eventType: string;
  /** Absent for pings and other installation-less events (no `webhook-installation-id` header). */
  installationId?: string | undefined;
  body: string;
}

/** How an attempt went; `delivered` is a 2xx within the timeout. */
export interface AttemptResult {
  delivered: boolean;
  /** 0 when no response arrived. */
  responseStatusCode: number;
  latencyMs: number;
  errorMessage: string;
  /** Fake-clock ms when it was sent. */
  attemptedAt: number;
}

/** What sending needs from the forge. */
export interface SendDependencies {
  now: Clock;
  keys: ForgeKeyring;
  /** `null` sends with the global `fetch` to the address. */
  receiver: WebhookReceiver | null;
}

const TIMED_OUT = Symbol("timed out");
const TIMEOUT_MESSAGE = `no response within ${ATTEMPT_TIMEOUT_MS / 1000} s (attempt timeout)`;

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : "";
  return cause && cause !== message ? `${message} (${cause})` : message;
}

/** The headers of a delivery: the event headers and the signature of every published forge key. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events) */
export async function deliveryHeaders(outgoing: OutgoingDelivery, keys: ForgeKeyring, now: number): Promise<Headers> {
  const published = await keys.list();
  const signed = await signWebhook({
    id: outgoing.deliveryId,
    body: outgoing.body,
    keys: published.map((key) => key.privateKey),
    timestamp: Math.floor(now / 1000),
  });
  const headers = new Headers({
    "content-type": "application/json",
    "user-agent": "agentline-fake-forge",
    "webhook-event-type": outgoing.eventType,
    ...signed,
  });
  if (outgoing.installationId !== undefined) headers.set("webhook-installation-id", outgoing.installationId);
  return headers;
}

/**
 * Sends one attempt. A transport error, an answer later than 10 s (real time, or fake-clock time the
 * receiver spent) and a non-2xx all count as failures; the receiver's body is discarded unread.
 */
export async function sendAttempt(outgoing: OutgoingDelivery, deps: SendDependencies): Promise<AttemptResult> {
  const attemptedAt = deps.now();
  const finish = (responseStatusCode: number, errorMessage: string): AttemptResult => {
    const latencyMs = Math.max(0, deps.now() - attemptedAt);
    if (latencyMs > ATTEMPT_TIMEOUT_MS)
      return { delivered: false, responseStatusCode: 0, latencyMs, errorMessage: TIMEOUT_MESSAGE, attemptedAt };
    const delivered = responseStatusCode >= 200 && responseStatusCode < 300;
    return { delivered, responseStatusCode, latencyMs, errorMessage, attemptedAt };
  };

  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const headers = await deliveryHeaders(outgoing, deps.keys, attemptedAt);
    let request: Request;
    try {
      request = new Request(outgoing.url, { method: "POST", headers, body: outgoing.body, signal: controller.signal });
    } catch {
      return finish(0, "the app's webhookUrl is not an absolute http(s) URL");
    }
    const transport = deps.receiver ?? globalThis.fetch;
    if (typeof transport !== "function")
      return finish(
        0,
        "no receiver is set and this runtime has no global fetch; call fake.forge.webhooks.setReceiver()",
      );
    const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), ATTEMPT_TIMEOUT_MS);
    });
    const answer = await Promise.race([Promise.resolve().then(() => transport(request)), timeout]);
    if (answer === TIMED_OUT) {
      controller.abort(new DOMException(TIMEOUT_MESSAGE, "TimeoutError"));
      return finish(0, TIMEOUT_MESSAGE);
    }
    // Read by shape, not `instanceof`: a receiver in another realm (a Worker in miniflare, an iframe) answers with
    // its own Response class.
    const status = (answer as { status?: unknown } | null)?.status;
    if (typeof status !== "number") return finish(0, "the receiver did not resolve to a Response");
    await (answer as Response).body?.cancel().catch(() => {});
    return finish(status, "");
  } catch (error) {
    return finish(0, describe(error));
  } finally {
    clearTimeout(timer);
  }
}
