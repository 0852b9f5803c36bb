/**
 * The Code Forge clients (app, installation, user), the check-run ledger, schemas and request checks.
 * @module agentline/forge
 */
export * from "../core/public.js";
export { MemoryRateBudgetStore, type RateBudgetStore } from "../core/rate-budget.js";
export {
  DurableObjectRateBudgetStore,
  type DurableObjectRateBudgetStoreOptions,
  RateBudgetDurableObject,
} from "../stores/rate-budget-cloudflare.js";
export { DenoKvRateBudgetStore, type DenoKvRateBudgetStoreOptions } from "../stores/rate-budget-deno.js";
export * from "./check-runs.js";
export { ForgeApp, type ForgeAppOptions, type GitCredentials } from "./forge-app.js";
export {
  ForgeClient,
  type ForgeClientOptions,
  type ForgeCredential,
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
export {
  GrantsResource,
  type RepoGrantsResource,
  RepoSettingsResource,
} from "./resources/repo-settings.js";
export * from "./resources/rulesets.js";
export * from "./resources/webhooks.js";
// Schemas are reached through the table (`FORGE_OPERATIONS["pulls.create"].body`); the entities and the parameter
// types of public methods are named here, and `ForgeOutput<"pulls.get">` names any answer.
export type { AnnotationsParams, CreateAppParams, SigningKeyParams } from "./schemas/app-requests.js";
export type { App, Installation, RepositorySummary } from "./schemas/auth.js";
export type { Annotation, CheckRun, CheckSuite } from "./schemas/check-responses.js";
export type { CreateRefParams, GrepParams } from "./schemas/git-contents.js";
export type { ChangedFile, Commit, Contents, GrepResult, Tree } from "./schemas/git-responses.js";
export type { LabelParams, LabelUpdateParams, RulesetParams } from "./schemas/labels-rulesets.js";
export { FORGE_LIMITS } from "./schemas/limits.js";
export type { CreateRepoParams, NamespaceApp, Repository } from "./schemas/namespace.js";
export type { DismissReviewParams, PullCommit, PullFile } from "./schemas/pull-extras.js";
export type {
  CreatePullRequestParams,
  ListPullsParams,
  MergeabilityParams,
  MergePullRequestParams,
  UpdatePullRequestParams,
} from "./schemas/pull-requests.js";
export type {
  Comment,
  Label,
  Mergeability,
  PullRequest,
  Review,
  Thread,
} from "./schemas/pull-responses.js";
export { isMergeable } from "./schemas/pull-responses.js";
export type { Actor } from "./schemas/references.js";
export { actorKind } from "./schemas/references.js";
export type { GrantSelector, SyncMirrorParams } from "./schemas/repo-admin.js";
export type { GitRef, OwnerGrant, RepoGrant, Ruleset, TransitionJob } from "./schemas/repo-responses.js";
export type {
  MirrorTransitionParams,
  OwnerGrantParams,
  RepoGrantParams,
  RepoSettingsParams,
} from "./schemas/repo-settings.js";
export type {
  CreateCommentParams,
  CreateReviewParams,
  ListCommentsParams,
  RequestReviewersParams,
  ResolveThreadParams,
  UpdateCommentParams,
} from "./schemas/reviews.js";
export type { SigningKey, WebhookDelivery } from "./schemas/webhook-responses.js";
export {
  DurableObjectTokenCache,
  type DurableObjectTokenCacheOptions,
  TokenCacheDurableObject,
} from "./token-cache-cloudflare.js";
export { DenoKvTokenCache, type DenoKvTokenCacheOptions } from "./token-cache-deno.js";
