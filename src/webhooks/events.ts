import * as v from "valibot";
import type { ValidationIssue } from "../core/errors.js";
import { toValidationIssues } from "../core/schema.js";
import { WEBHOOK_EVENT_SCHEMAS, type WebhookEventPayloads, type WebhookEventType } from "./event-schemas.js";
import type { VerifiedWebhook } from "./verify.js";

/** What every event carries besides its type and payload. */
export interface WebhookEventBase {
  /** The delivery id (`webhook-id`). */
  id: string;
  /** Absent for pings and other installation-less events. */
  installationId: string | undefined;
  /** Unix seconds the forge signed the delivery at. */
  timestamp: number;
}

/** An event of a type the spec names, its payload parsed (named fields typed, the rest kept). */
export type KnownWebhookEvent = {
  [K in WebhookEventType]: WebhookEventBase & { known: true; type: K; payload: WebhookEventPayloads[K] };
}[WebhookEventType];

/**
 * An event whose type the spec does not name (passed through untouched), or of a named type whose payload
 * broke a named field (`issues` says which; the payload is kept as sent rather than dropped).
 */
export interface UnknownWebhookEvent extends WebhookEventBase {
  known: false;
  type: string;
  payload: unknown;
  /** Set when the type is known but the payload did not match its schema. */
  issues?: ValidationIssue[];
}

/** A verified webhook event: narrow on `known`, then on `type`. @see spec/forge-api.md#events */
export type WebhookEvent = KnownWebhookEvent | UnknownWebhookEvent;

/** The event of one named type. */
export type WebhookEventOf<K extends WebhookEventType> = Extract<KnownWebhookEvent, { type: K }>;

/** Whether a type is one the spec names. @see spec/forge-api.md#events */
export function isWebhookEventType(type: string): type is WebhookEventType {
  return Object.hasOwn(WEBHOOK_EVENT_SCHEMAS, type);
}

/**
 * Types a verified delivery: a named event type's payload is checked leniently (unknown fields and enum
 * values pass); an unknown type, or a payload that breaks a named field, comes back as an
 * {@link UnknownWebhookEvent} with the payload as sent. Never throws. @see spec/forge-api.md#events
 */
export function parseWebhookEvent(
  delivery: Pick<VerifiedWebhook, "id" | "type" | "installationId" | "timestamp" | "payload">,
): WebhookEvent {
  const base = { id: delivery.id, installationId: delivery.installationId, timestamp: delivery.timestamp };
  if (!isWebhookEventType(delivery.type)) {
    return { ...base, known: false, type: delivery.type, payload: delivery.payload };
  }
  const result = v.safeParse(WEBHOOK_EVENT_SCHEMAS[delivery.type], delivery.payload);
  if (!result.success) {
    return {
      ...base,
      known: false,
      type: delivery.type,
      payload: delivery.payload,
      issues: toValidationIssues(result.issues),
    };
  }
  return { ...base, known: true, type: delivery.type, payload: result.output } as KnownWebhookEvent;
}
