import * as v from "valibot";
import type { ValidationIssue } from "../core/errors.js";
import { responseObject, toValidationIssues } from "../core/schema.js";
import { InstallationSchema, RepositorySummarySchema } from "../forge/schemas/auth.js";
import { CheckRunSchema, CheckSuiteSchema } from "../forge/schemas/check-responses.js";
import {
  CommentSchema,
  LabelSchema,
  PullRequestSchema,
  ReviewerSchema,
  ReviewSchema,
} from "../forge/schemas/pull-responses.js";
import { ActorSchema, PullRequestRefSchema, RepositoryRefSchema } from "../forge/schemas/references.js";
import type { WebhookEventType } from "./event-types.js";

// Payloads of the event types the spec names. Only fields the spec names are typed; everything else is kept
// as sent (loose objects, open enums). Field names the spec describes but does not spell (`checkSuite`,
// `checkRun`, `pullRequest`, `comment`, `reaction`, `reviewer`) follow the REST responses' camelCase names.
// This module (with valibot and the forge schemas it reuses) is loaded on first use by `parseWebhookEvent`
// and `loadWebhookEventSchemas`, never by importing agentline/webhooks: a receiver that only verifies
// deliveries neither ships nor starts it.
// @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)

/** The app object every installation.* event carries. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const WebhookAppSchema = responseObject({ id: v.string(), displayName: v.optional(v.string()) });

/** installation.created / updated / deleted: the app, the installation (deletedAt on deleted), reachable repositories. */
export const InstallationEventPayloadSchema = responseObject({
  app: WebhookAppSchema,
  installation: v.optional(InstallationSchema),
  repositories: v.optional(v.array(RepositorySummarySchema)),
});

/** repository.pushed: no full commit list; merges deliver it without a `pusher`. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const RepositoryPushedPayloadSchema = responseObject({
  repository: v.optional(RepositoryRefSchema),
  pusher: v.optional(ActorSchema),
});

/** repository.deleted: the repository reference plus `deletedAt`. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const RepositoryDeletedPayloadSchema = responseObject({
  repository: RepositoryRefSchema,
  deletedAt: v.string(),
});

/** repository.metadata.updated: the full repository after the write; no delta, no actor. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const RepositoryMetadataUpdatedPayloadSchema = responseObject({ repository: RepositorySummarySchema });

/**
 * repository.check_run.*: repository, suite and run (`checkRun.rerequestedBy` on rerequested); no pull request
 * context, no top-level actor. Rerequested reaches only the owning app. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export const CheckRunEventPayloadSchema = responseObject({
  repository: v.optional(RepositoryRefSchema),
  checkSuite: v.optional(CheckSuiteSchema),
  checkRun: CheckRunSchema,
});

/** pull_request.created / merged / closed: no labels, no merge preview commit; stack as of the event. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const PullRequestEventPayloadSchema = responseObject({
  pullRequest: PullRequestSchema,
  repository: v.optional(RepositoryRefSchema),
  actor: v.optional(ActorSchema),
});

/**
 * pull_request.comment.created: the comment that opened a thread carries its diff anchor (version, path, side,
 * startLine, endLine); replies carry the thread id only. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export const CommentCreatedPayloadSchema = responseObject({
  pullRequest: v.optional(PullRequestRefSchema),
  comment: CommentSchema,
});

/** A reaction: its content and who reacted. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const ReactionSchema = responseObject({ content: v.string(), reactor: ActorSchema });

/**
 * pull_request.comment.reaction.added / removed. An add is delivered at least once: fold on (comment id,
 * reactor, content) rather than counting deliveries. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export const ReactionEventPayloadSchema = responseObject({
  pullRequest: PullRequestRefSchema,
  comment: responseObject({ id: v.string(), thread: v.optional(responseObject({ id: v.string() })) }),
  reaction: ReactionSchema,
});

/**
 * pull_request.label.added / removed: a label snapshot; `actor` only on added. Deleting a label delivers one
 * removed per pull request that had it. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export const LabelEventPayloadSchema = responseObject({
  pullRequest: PullRequestRefSchema,
  label: LabelSchema,
  actor: v.optional(ActorSchema),
});

/** pull_request.review.submitted / dismissed (`review.dismissal` set on dismissed). @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const ReviewEventPayloadSchema = responseObject({
  pullRequest: PullRequestRefSchema,
  review: ReviewSchema,
});

/** pull_request.reviewer.added / removed / rerequested: exactly one of `user` (user_ id, email) or `group` (grp_ id). */
export const ReviewerEventPayloadSchema = responseObject({
  pullRequest: PullRequestRefSchema,
  reviewer: ReviewerSchema,
});

/** A ping: sent once by Ping App Webhook, no installation. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Fully described operations) */
export const PingPayloadSchema = responseObject({});

/** The payload schema of every event type the spec names. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const WEBHOOK_EVENT_SCHEMAS = {
  ping: PingPayloadSchema,
  "installation.created": InstallationEventPayloadSchema,
  "installation.updated": InstallationEventPayloadSchema,
  "installation.deleted": InstallationEventPayloadSchema,
  "repository.pushed": RepositoryPushedPayloadSchema,
  "repository.deleted": RepositoryDeletedPayloadSchema,
  "repository.metadata.updated": RepositoryMetadataUpdatedPayloadSchema,
  "repository.check_run.created": CheckRunEventPayloadSchema,
  "repository.check_run.completed": CheckRunEventPayloadSchema,
  "repository.check_run.rerequested": CheckRunEventPayloadSchema,
  "pull_request.created": PullRequestEventPayloadSchema,
  "pull_request.merged": PullRequestEventPayloadSchema,
  "pull_request.closed": PullRequestEventPayloadSchema,
  "pull_request.comment.created": CommentCreatedPayloadSchema,
  "pull_request.comment.reaction.added": ReactionEventPayloadSchema,
  "pull_request.comment.reaction.removed": ReactionEventPayloadSchema,
  "pull_request.label.added": LabelEventPayloadSchema,
  "pull_request.label.removed": LabelEventPayloadSchema,
  "pull_request.review.submitted": ReviewEventPayloadSchema,
  "pull_request.review.dismissed": ReviewEventPayloadSchema,
  "pull_request.reviewer.added": ReviewerEventPayloadSchema,
  "pull_request.reviewer.removed": ReviewerEventPayloadSchema,
  "pull_request.reviewer.rerequested": ReviewerEventPayloadSchema,
} as const satisfies Record<WebhookEventType, v.GenericSchema>;

export type { WebhookEventType };

/** The schemas of every named event type, by type. */
export type WebhookEventSchemas = typeof WEBHOOK_EVENT_SCHEMAS;

/** The outcome of checking a named type's payload: the parsed payload, or the named fields it broke. */
export type PayloadCheck =
  | { success: true; output: WebhookEventPayloads[WebhookEventType] }
  | { success: false; issues: ValidationIssue[] };

/** Checks a payload against its named type's schema, leniently (unknown fields and enum values pass). */
export function checkWebhookPayload(type: WebhookEventType, payload: unknown): PayloadCheck {
  const result = v.safeParse(WEBHOOK_EVENT_SCHEMAS[type], payload);
  return result.success
    ? { success: true, output: result.output as WebhookEventPayloads[WebhookEventType] }
    : { success: false, issues: toValidationIssues(result.issues) };
}

/** The parsed payload of each named event type. */
export type WebhookEventPayloads = {
  [K in WebhookEventType]: v.InferOutput<(typeof WEBHOOK_EVENT_SCHEMAS)[K]>;
};
