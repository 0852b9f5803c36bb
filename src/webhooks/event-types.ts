// The names of the event types the spec names, without their payload schemas: what routing and
// `isWebhookEventType` need, so that verifying a delivery never loads valibot or the forge's schemas.
// @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)

/** Every event type the spec names. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const WEBHOOK_EVENT_TYPES = [
  "ping",
  "installation.created",
  "installation.updated",
  "installation.deleted",
  "repository.pushed",
  "repository.deleted",
  "repository.metadata.updated",
  "repository.check_run.created",
  "repository.check_run.completed",
  "repository.check_run.rerequested",
  "pull_request.created",
  "pull_request.merged",
  "pull_request.closed",
  "pull_request.comment.created",
  "pull_request.comment.reaction.added",
  "pull_request.comment.reaction.removed",
  "pull_request.label.added",
  "pull_request.label.removed",
  "pull_request.review.submitted",
  "pull_request.review.dismissed",
  "pull_request.reviewer.added",
  "pull_request.reviewer.removed",
  "pull_request.reviewer.rerequested",
] as const;

/** An event type the spec names. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
