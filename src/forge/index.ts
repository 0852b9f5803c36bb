/**
 * The Code Forge clients (app, installation, user), the check-run ledger, schemas and request checks.
 * @module agentline/forge
 */
export * from "../core/public.js";
export * from "./check-runs.js";
export { ForgeApp, type ForgeAppOptions, type GitCredentials } from "./forge-app.js";
export {
  FORGE_PREFIX,
  ForgeClient,
  type ForgeClientOptions,
  type ForgeCredential,
  type ForgePage,
  type ForgePoints,
} from "./forge-client.js";
export {
  createInstallationConsent,
  type InstallationConsent,
  type InstallationConsentOptions,
} from "./installation-consent.js";
export {
  type InstallationToken,
  MemoryTokenCache,
  type TokenCache,
  type TokenNarrowing,
} from "./installation-tokens.js";
export { type AppKeyPair, computeKeyId, generateAppKeyPair, importAppPrivateKey } from "./keys.js";
export {
  FORGE_OPERATIONS,
  FORGE_USER_ONLY_SCOPES,
  type ForgeCredentialKind,
  type ForgeOperation,
  type ForgeOperationName,
  type ForgeOperations,
  type ForgeOutput,
  type ForgeRoutesOverride,
} from "./operations.js";
export { OwnerClient, type OwnerGrantsResource } from "./owner-client.js";
export {
  FORGE_POINTS_PER_MINUTE,
  ForgePointsBudget,
  type ForgePointsBudgetOptions,
  type ForgePointsCost,
  type ForgePointsWait,
  type ForgePrincipal,
  type ForgePrincipalKind,
} from "./points-budget.js";
export type { ForgeRawRequest } from "./raw-request.js";
export { RepoClient } from "./repo-client.js";
export { type ForgeRepoRef, repoPath } from "./repo-ref.js";
export * from "./resources/apps.js";
export * from "./resources/check-runs.js";
export * from "./resources/check-suites.js";
export * from "./resources/commits.js";
export * from "./resources/contents.js";
export * from "./resources/git.js";
export * from "./resources/labels.js";
export * from "./resources/mirror.js";
export * from "./resources/namespaces.js";
export * from "./resources/pull-comments.js";
export * from "./resources/pull-labels.js";
export * from "./resources/pull-reviews.js";
export * from "./resources/pulls.js";
export * from "./resources/repo-settings.js";
export * from "./resources/rulesets.js";
export * from "./resources/webhooks.js";
export * from "./schemas/app-requests.js";
export * from "./schemas/auth.js";
export * from "./schemas/check-responses.js";
export * from "./schemas/git-contents.js";
export * from "./schemas/git-responses.js";
export * from "./schemas/labels-rulesets.js";
export { FORGE_LIMITS } from "./schemas/limits.js";
export * from "./schemas/namespace.js";
export * from "./schemas/page-query.js";
export * from "./schemas/pull-extras.js";
export * from "./schemas/pull-requests.js";
export * from "./schemas/pull-responses.js";
export * from "./schemas/references.js";
export * from "./schemas/repo-admin.js";
export * from "./schemas/repo-responses.js";
export * from "./schemas/repo-settings.js";
export * from "./schemas/reviews.js";
export * from "./schemas/webhook-responses.js";
export * from "./validate.js";
