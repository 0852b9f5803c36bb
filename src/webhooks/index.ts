/**
 * Signature and receipt verification, the key-set cache, typed events, the fetch handler and dedupe stores.
 * @module agentline/webhooks
 */
export { DEFAULT_MAX_BODY_BYTES } from "./body.js";
export { DEFAULT_DEDUPE_TTL_MS, type DedupeStore, MemoryDedupeStore, type MemoryDedupeStoreOptions } from "./dedupe.js";
export {
  DedupeDurableObject,
  DurableObjectDedupeStore,
  type DurableObjectNamespaceLike,
  type DurableObjectStorageLike,
  type DurableObjectStubLike,
  type KvDedupeNamespace,
  KvDedupeStore,
} from "./dedupe-cloudflare.js";
export { type DenoKvAtomicLike, DenoKvDedupeStore, type DenoKvKey, type DenoKvLike } from "./dedupe-deno.js";
export {
  dispatchWebhookEvent,
  type ExecutionContextLike,
  type WebhookDispatchTable,
  type WebhookHandlerContext,
  type WebhookHandlers,
} from "./dispatch.js";
export {
  InstallationReceiptError,
  type InstallationReceiptReason,
  KeySetUnavailableError,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from "./errors.js";
export type { WebhookEventPayloads, WebhookEventSchemas } from "./event-schemas.js";
export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types.js";
export {
  isWebhookEventType,
  type KnownWebhookEvent,
  loadWebhookEventSchemas,
  parseWebhookEvent,
  type UnknownWebhookEvent,
  type WebhookEvent,
  type WebhookEventBase,
  type WebhookEventOf,
} from "./events.js";
export {
  createWebhookHandler,
  type WebhookErrorInfo,
  type WebhookErrorStage,
  type WebhookFetchHandler,
  type WebhookHandlerOptions,
  type WebhookQueue,
} from "./handler.js";
export { type KeySetCache, type WorkersKvLike, workersKvKeySetCache } from "./key-cache.js";
export type { ForgePublicJwk, ForgeVerificationKey, KeySetSnapshot } from "./key-set.js";
export { ForgeKeys, type ForgeKeysOptions } from "./keys.js";
export {
  type InstallationReceipt,
  RECEIPT_TYPE,
  type ReceiptInstaller,
  type ReceiptKeySource,
  type VerifyInstallationReceiptOptions,
  verifyInstallationReceipt,
} from "./receipt.js";
export { DEFAULT_WEBHOOK_SCHEME, resolveWebhookScheme, type WebhookScheme } from "./scheme.js";
export { type SignWebhookInput, signWebhook } from "./sign.js";
export type { SignedRouting, WebhookTypeSource } from "./signed-routing.js";
export {
  EVENT_TYPE_HEADER,
  INSTALLATION_HEADER,
  type VerifiedWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookKeySource,
  type WebhookParts,
} from "./verify.js";
export type { WebhookHeaders } from "./webhook-headers.js";
