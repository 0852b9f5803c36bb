/**
 * The front door: each API's client, and the errors and helpers they share.
 * @module agentline
 */
export {
  AdminClient,
  type AdminClientOptions,
  BulkPartialError,
  OperationFailedError,
  OrganizationClient,
  type OrganizationClientOptions,
} from "./admin/index.js";
export * from "./agents/index.js";
export * from "./core/public.js";
export {
  computeKeyId,
  ForgeApp,
  type ForgeAppOptions,
  ForgeClient,
  type ForgeClientOptions,
  generateAppKeyPair,
} from "./forge/index.js";
