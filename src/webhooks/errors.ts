import { AgentlineError, textOr } from "../core/errors.js";

// The errors of webhook and receipt verification. Each carries a `reason` to branch on; messages say what
// was wrong and never contain a signature, a token or a key.

/** Why a webhook delivery was refused. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export type WebhookVerificationReason =
  | "missing_header"
  | "malformed_header"
  | "malformed_signature"
  | "timestamp_out_of_tolerance"
  | "no_matching_signature"
  | "body_too_large"
  /** The body stream failed before its end (the sender went away); the stream's error is the cause. */
  | "body_unreadable"
  | "keys_unavailable"
  | "invalid_json"
  /** An unsigned header (`webhook-event-type`, `webhook-installation-id`) disagrees with the signed body. */
  | "header_mismatch";

/**
 * A refused webhook delivery. Tell the sender only that it was refused (the handler answers "invalid
 * webhook"); log `reason` on your side. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events)
 */
export class WebhookVerificationError extends AgentlineError {
  /** What was wrong. */
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string, cause?: unknown) {
    super(message, { code: "webhook_verification_failed", cause });
    this.reason = textOr(reason, "unknown") as typeof reason;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}

/** Why an installation receipt was refused. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Installation flow) */
export type InstallationReceiptReason =
  | "malformed_token"
  | "unsupported_algorithm"
  | "wrong_type"
  | "unknown_key"
  | "invalid_signature"
  | "wrong_issuer"
  | "wrong_audience"
  | "expired"
  | "missing_claim"
  | "state_mismatch"
  | "keys_unavailable";

/**
 * A refused installation receipt: reject the installation callback. @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Installation flow)
 */
export class InstallationReceiptError extends AgentlineError {
  /** What was wrong. */
  readonly reason: InstallationReceiptReason;

  constructor(reason: InstallationReceiptReason, message: string, cause?: unknown) {
    super(message, { code: "installation_receipt_invalid", cause });
    this.reason = textOr(reason, "unknown") as typeof reason;
  }

  override toJSON(): Record<string, unknown> {
    return { ...super.toJSON(), reason: this.reason };
  }
}

/**
 * The forge's key set could not be fetched and no usable copy is left (never fetched, or the last good copy
 * is past its stale-if-error window): verification fails closed. A {@link WebhookVerificationError} with
 * reason `keys_unavailable`; receipt verification reports it as an {@link InstallationReceiptError}.
 * @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Discovery and keys)
 */
export class KeySetUnavailableError extends WebhookVerificationError {
  constructor(message: string, cause?: unknown) {
    super("keys_unavailable", message, cause);
  }
}
