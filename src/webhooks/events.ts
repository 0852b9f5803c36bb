import { expectArgument, isNumberFrom, isText, optionsObject } from "../core/arguments.js";
import type { ValidationIssue } from "../core/errors.js";
import { loadOnce } from "../core/load-once.js";
import type { WebhookEventPayloads, WebhookEventSchemas } from "./event-schemas.js";
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types.js";
import type { WebhookTypeSource } from "./signed-routing.js";
import type { VerifiedWebhook } from "./verify.js";

/** What every event carries besides its type and payload. */
export interface WebhookEventBase {
  /** The delivery id (`webhook-id`, signed). */
  id: string;
  /** The installation the signed body names; undefined when it names none (pings). Never read from a header. */
  installationId: string | undefined;
  /** The unsigned `webhook-installation-id` header, only when the signed body names no installation: unverified. */
  unverifiedInstallationId: string | undefined;
  /** Unix seconds the forge signed the delivery at. */
  timestamp: number;
}

/** An event of a type the spec names, read from the signed body, its payload parsed (named fields typed, the rest kept). */
export type KnownWebhookEvent = {
  [K in WebhookEventType]: WebhookEventBase & {
    known: true;
    type: K;
    /** Always `"body"`: only a signed type makes an event known (and reaches a typed handler). */
    typeSource: "body";
    payload: WebhookEventPayloads[K];
  };
}[WebhookEventType];

/**
 * An event whose type the spec does not name (passed through untouched), of a named type whose payload broke
 * a named field (`issues` says which; the payload is kept as sent rather than dropped), or whose type only the
 * unsigned header names (`typeSource: "header"`: the sender's claim, never dispatched to a typed handler).
 */
export interface UnknownWebhookEvent extends WebhookEventBase {
  known: false;
  type: string;
  /** `"header"` when the signed body names no type and `type` is the unsigned `webhook-event-type` header. */
  typeSource: WebhookTypeSource;
  payload: unknown;
  /** Set when the type is known but the payload did not match its schema. */
  issues?: ValidationIssue[];
}

/** A verified webhook event: narrow on `known`, then on `type`. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;

/** The event of one named type. */
export type WebhookEventOf<K extends WebhookEventType> = Extract<KnownWebhookEvent, { type: K }>;

/** Whether a type is one the spec names. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export function isWebhookEventType(type: string): type is WebhookEventType {
  return (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(type);
}

// The payload schemas, valibot and the forge schemas they reuse: loaded on the first typed event, not on import.
const loadEventSchemas = /* @__PURE__ */ loadOnce(() => import("./event-schemas.js"), "the webhook event schemas");

/**
 * The valibot schema of every named event type's payload, loaded on first use (they are not part of importing
 * agentline/webhooks, so a receiver that only verifies deliveries neither ships nor starts them).
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export async function loadWebhookEventSchemas(): Promise<WebhookEventSchemas> {
  return (await loadEventSchemas()).WEBHOOK_EVENT_SCHEMAS;
}

/**
 * Types a verified delivery: a named event type's payload is checked leniently (unknown fields and enum
 * values pass); an unknown type, a payload that breaks a named field, or a type that only the unsigned header
 * names comes back as an {@link UnknownWebhookEvent} with the payload as sent. Never rejects on a payload; a
 * `delivery` that is not a verified delivery is an `invalid_argument`. Asynchronous because the payload
 * schemas load on the first named type (once; later calls only parse). @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export async function parseWebhookEvent(
  delivery: Pick<
    VerifiedWebhook,
    "id" | "type" | "typeSource" | "installationId" | "unverifiedInstallationId" | "timestamp" | "payload"
  >,
): Promise<WebhookEvent> {
  optionsObject(delivery, "delivery");
  expectArgument(isText(delivery.id), "delivery.id", "the delivery id, a non-empty string");
  expectArgument(isText(delivery.type), "delivery.type", "the event type, a non-empty string");
  expectArgument(isNumberFrom(0)(delivery.timestamp), "delivery.timestamp", "Unix seconds");
  const base = {
    id: delivery.id,
    installationId: delivery.installationId,
    unverifiedInstallationId: delivery.unverifiedInstallationId,
    timestamp: delivery.timestamp,
  };
  const { type, payload } = delivery;
  // Anything but a type read from the signed body stays unknown, so no typed handler ever runs on a header's word.
  const typeSource = delivery.typeSource === "body" ? "body" : "header";
  if (typeSource !== "body" || !isWebhookEventType(type)) return { ...base, known: false, type, typeSource, payload };
  const result = (await loadEventSchemas()).checkWebhookPayload(type, payload);
  if (!result.success) return { ...base, known: false, type, typeSource, payload, issues: result.issues };
  return { ...base, known: true, type, typeSource, payload: result.output } as KnownWebhookEvent;
}
