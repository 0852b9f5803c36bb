import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum, responseObject } from "../../core/schema.js";
import { OwnerRefSchema } from "./auth.js";
import { NextPageTokenSchema } from "./references.js";

// Webhook delivery, redelivery, ping and signing-key responses.

/** The latest attempt of a delivery. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Webhook delivery) */
export const DeliveryAttemptSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.optional(v.string()),
    deliveryId: v.optional(v.string()),
    trigger: v.optional(openEnum(["automatic", "manual"] as const)),
    responseStatusCode: v.optional(v.number()),
    latencyMs: v.optional(v.union([v.number(), v.string()])),
    errorMessage: v.optional(v.string()),
    attemptedAt: v.optional(v.string()),
  }),
);

/** A webhook delivery; `id` equals the `webhook-id` header. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Webhook delivery) */
export const WebhookDeliverySchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    event: v.optional(responseObject({ id: v.optional(v.string()), type: v.optional(v.string()) })),
    installation: v.optional(responseObject({ id: v.optional(v.string()), target: v.optional(OwnerRefSchema) })),
    createdAt: v.optional(v.string()),
    deliveredAt: v.optional(v.string()),
    lastAttempt: v.optional(DeliveryAttemptSchema),
  }),
);

/** A page of deliveries, newest first. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const WebhookDeliveriesPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    deliveries: v.array(WebhookDeliverySchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** Redelivery outcomes: `queued` and `already_in_flight` are successes. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const REDELIVER_OUTCOMES = ["queued", "already_in_flight", "not_found"] as const;

/** 202 of deliveries:batchRedeliver. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const RedeliverResultsSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    results: v.array(responseObject({ deliveryId: v.string(), outcome: openEnum(REDELIVER_OUTCOMES) })),
  }),
);

/** POST /app/webhook/pings: a failing receiver is reported here, not as an error. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const PingResultSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    deliveryId: v.string(),
    eventId: v.optional(v.string()),
    delivered: v.boolean(),
    responseStatusCode: v.optional(v.number(), 0),
  }),
);

/** A registered signing key; `kid` is the base64url SHA-256 of its SPKI DER. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const SigningKeySchema = /* @__PURE__ */ lazySchema(() => responseObject({ kid: v.string() }));

/** A webhook delivery. */
export type WebhookDelivery = v.InferOutput<typeof WebhookDeliverySchema>;
/** A page of deliveries. */
export type WebhookDeliveriesPage = v.InferOutput<typeof WebhookDeliveriesPageSchema>;
/** The redelivery results. */
export type RedeliverResults = v.InferOutput<typeof RedeliverResultsSchema>;
/** The ping result. */
export type PingResult = v.InferOutput<typeof PingResultSchema>;
/** A signing key. */
export type SigningKey = v.InferOutput<typeof SigningKeySchema>;
