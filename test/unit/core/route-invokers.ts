// Every route of the three routes tables mapped to the public method that sends it, as data: the method's path
// from the clients (`forge.repo().labels.get`) and its arguments, where `{name}` is filled from the placeholder
// values a sweep chooses (so it can put any value in any placeholder) and everything else is a valid literal, so
// the only thing a sweep can trip over is the path. `path-segments.test.ts` asserts that this table covers every
// route and that each entry really reaches its route.
import type { AdminClient, AdminOperationName, OrganizationClient } from "../../../src/admin/index.js";
import type { AgentsClient, AgentsOperationName } from "../../../src/agents/index.js";
import type { ForgeApp, ForgeClient, ForgeOperationName } from "../../../src/forge/index.js";

/** The clients a method path starts from. */
export interface Clients {
  agents: AgentsClient;
  admin: AdminClient;
  org: OrganizationClient;
  forge: ForgeClient;
  app: ForgeApp;
  /** A PEM SPKI Ed25519 public key (for a valid signing-key body); the argument `$publicKey`. */
  publicKey: string;
}

/** A placeholder's value by placeholder name; `repoId` reaches a repository by `{ id }` instead of by slugs. */
export type Values = Readonly<Record<string, unknown>>;

/**
 * How a route is reached. `method` is a path from {@link Clients}; `repo()`, `namespace()` and `owner()` call those
 * factories with the placeholder values. A method starting with `webhooks:` lives outside these clients.
 */
export interface Invoker {
  method: string;
  args?: readonly unknown[];
}

const FACTORIES: Record<string, (target: ForgeClient, values: Values) => unknown> = {
  "repo()": (forge, v) =>
    "repoId" in v ? forge.repo({ id: v.repoId as string }) : forge.repo(v.owner as never, v.repo as never),
  "namespace()": (forge, v) => forge.namespace(v.namespaceSlug as string),
  "owner()": (forge, v) => forge.owner(v.ownerSlug as string),
};

// `{name}` is a placeholder value; `{#name}` one passed as a number when it is all digits (team ids are numbers).
/** One argument of an invoker with its placeholders filled from `values`. */
export function argument(arg: unknown, clients: Clients, values: Values): unknown {
  if (arg === "$publicKey") return clients.publicKey;
  if (typeof arg === "object" && arg !== null && !Array.isArray(arg))
    return Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, argument(value, clients, values)]));
  const match = typeof arg === "string" ? /^\{(#?)(\w+)\}$/.exec(arg) : null;
  if (!match) return arg;
  const value = values[match[2] as string];
  return match[1] && /^\d+$/.test(String(value)) ? Number(value) : value;
}

/** The invoker's method bound to its object (factories called with `values`), or `undefined` when there is none. */
export function methodOf(
  clients: Clients,
  invoker: Invoker,
  values: Values,
): ((...args: unknown[]) => unknown) | undefined {
  const parts = invoker.method.split(".");
  let target: unknown = clients;
  for (const part of parts.slice(0, -1)) {
    const factory = FACTORIES[part];
    target = factory ? factory(target as ForgeClient, values) : (target as Record<string, unknown> | undefined)?.[part];
  }
  const method = (target as Record<string, unknown> | undefined)?.[parts.at(-1) as string];
  return typeof method === "function" ? method.bind(target) : undefined;
}

/**
 * Calls the invoker's method; whatever it returns is settled (a promise awaited, a stream's first step taken), so
 * the caller sees a thrown error and a rejection alike.
 */
export async function invoke(clients: Clients, invoker: Invoker, values: Values): Promise<void> {
  const method = methodOf(clients, invoker, values);
  if (!method) throw new Error(`${invoker.method} is not a method`);
  const result = method(...(invoker.args ?? []).map((arg) => argument(arg, clients, values)));
  if (result && typeof (result as PromiseLike<unknown>).then === "function") await result;
  else if (result && Symbol.asyncIterator in (result as object))
    await (result as AsyncIterable<unknown>)[Symbol.asyncIterator]().next();
}

/** The placeholders an invoker fills: from its arguments, and through the factories on its method path. */
export function placeholdersFilled(invoker: Invoker): Set<string> {
  const names = new Set<string>();
  for (const arg of invoker.args ?? []) {
    const match = typeof arg === "string" ? /^\{#?(\w+)\}$/.exec(arg) : null;
    if (match) names.add(match[1] as string);
  }
  if (invoker.method.includes("repo()")) for (const name of ["owner", "repo"]) names.add(name);
  if (invoker.method.includes("namespace()")) names.add("namespaceSlug");
  if (invoker.method.includes("owner()")) names.add("ownerSlug");
  return names;
}

const ONE_STEP = { maxReconnects: 0 };

/** Cloud Agents operations. */
export const AGENTS_INVOKERS: Record<AgentsOperationName, Invoker> = {
  "agents.create": { method: "agents.agents.create", args: [{ prompt: { text: "hi" } }] },
  "agents.list": { method: "agents.agents.list" },
  "agents.get": { method: "agents.agents.get", args: ["{agentId}"] },
  "agents.delete": { method: "agents.agents.delete", args: ["{agentId}"] },
  "agents.archive": { method: "agents.agents.archive", args: ["{agentId}"] },
  "agents.unarchive": { method: "agents.agents.unarchive", args: ["{agentId}"] },
  "agents.usage": { method: "agents.agents.usage", args: ["{agentId}"] },
  "runs.create": { method: "agents.runs.create", args: ["{agentId}", { prompt: { text: "go on" } }] },
  "runs.list": { method: "agents.runs.list", args: ["{agentId}"] },
  "runs.get": { method: "agents.runs.get", args: ["{agentId}", "{runId}"] },
  "runs.cancel": { method: "agents.runs.cancel", args: ["{agentId}", "{runId}"] },
  // A refused stream is not reconnected: one step of it is one request.
  "runs.stream": { method: "agents.runs.stream", args: ["{agentId}", "{runId}", ONE_STEP] },
  "agents.listArtifacts": { method: "agents.agents.listArtifacts", args: ["{agentId}"] },
  "agents.downloadArtifact": { method: "agents.agents.downloadArtifact", args: ["{agentId}", "out/report.txt"] },
  "models.list": { method: "agents.models.list" },
  "repositories.list": { method: "agents.repositories.list" },
  me: { method: "agents.me" },
  "subTokens.create": { method: "agents.subTokens.create", args: [{ forUserEmail: "a@example.com" }] },
};

const USERS = ["user_1"];
const ENABLED = { enabled: true };

/** Team Admin and Organization API routes. */
export const ADMIN_INVOKERS: Record<AdminOperationName, Invoker> = {
  listMembers: { method: "admin.members.list" },
  listAuditLogs: { method: "admin.auditLogs.list" },
  teamDailyUsage: { method: "admin.usage.daily" },
  teamSpend: { method: "admin.spend.list" },
  teamUsageEvents: { method: "admin.usage.events" },
  setSpendLimit: { method: "admin.spendLimits.set" },
  setSpendLimits: { method: "admin.spendLimits.setMany" },
  removeMember: { method: "admin.members.remove" },
  listBlocklists: { method: "admin.repoBlocklists.list" },
  upsertBlocklists: { method: "admin.repoBlocklists.upsert" },
  deleteBlocklist: { method: "admin.repoBlocklists.delete", args: ["{repoId}"] },
  listDirectoryGroups: { method: "admin.directoryGroups.list" },
  getDirectoryGroup: { method: "admin.directoryGroups.get", args: ["{groupId}"] },
  createDirectoryGroup: { method: "admin.directoryGroups.create" },
  updateDirectoryGroup: { method: "admin.directoryGroups.update", args: ["{groupId}", { name: "Ops" }] },
  deleteDirectoryGroup: { method: "admin.directoryGroups.delete", args: ["{groupId}"] },
  listDirectoryGroupMembers: { method: "admin.directoryGroups.members", args: ["{groupId}"] },
  addDirectoryGroupMembers: { method: "admin.directoryGroups.addMembers", args: ["{groupId}", USERS] },
  removeDirectoryGroupMembers: { method: "admin.directoryGroups.removeMembers", args: ["{groupId}", USERS] },
  listBillingGroups: { method: "admin.billingGroups.list" },
  getBillingGroup: { method: "admin.billingGroups.get", args: ["{groupId}"] },
  createBillingGroup: { method: "admin.billingGroups.create" },
  updateBillingGroup: { method: "admin.billingGroups.update", args: ["{groupId}", { name: "Data" }] },
  deleteBillingGroup: { method: "admin.billingGroups.delete", args: ["{groupId}"] },
  addBillingGroupMembers: { method: "admin.billingGroups.addMembers", args: ["{groupId}", USERS] },
  removeBillingGroupMembers: { method: "admin.billingGroups.removeMembers", args: ["{groupId}", USERS] },
  getModelAccess: { method: "admin.modelAccess.get" },
  setModelAccess: { method: "admin.modelAccess.set" },
  listModelProviders: { method: "admin.modelAccess.providers" },
  setModelProvider: { method: "admin.modelAccess.setProvider", args: ["{provider}", true] },
  listProviderModels: { method: "admin.modelAccess.models", args: ["{provider}"] },
  setProviderModel: { method: "admin.modelAccess.setModel", args: ["{provider}", "{model}", ENABLED] },
  enableAssistantBot: { method: "admin.assistantBot.enable" },
  disableAssistantBot: { method: "admin.assistantBot.disable" },
  getBotCapabilities: { method: "admin.assistantBot.capabilities.get" },
  updateBotCapabilities: { method: "admin.assistantBot.capabilities.update" },
  getBotAutoReview: { method: "admin.assistantBot.autoReview.get" },
  setBotAutoReview: { method: "admin.assistantBot.autoReview.set" },
  getBotAccess: { method: "admin.assistantBot.access.get" },
  setBotAccess: { method: "admin.assistantBot.access.set" },
  getBotNetwork: { method: "admin.assistantBot.network.get" },
  setBotNetwork: { method: "admin.assistantBot.network.set" },
  listTeamRules: { method: "admin.assistantBot.teamRules.list" },
  createTeamRule: { method: "admin.assistantBot.teamRules.create" },
  updateTeamRule: { method: "admin.assistantBot.teamRules.update", args: ["{ruleId}", { enabled: false }] },
  deleteTeamRule: { method: "admin.assistantBot.teamRules.delete", args: ["{ruleId}"] },
  listSetupManifests: { method: "admin.assistantBot.setupManifests.list" },
  putSetupManifest: {
    method: "admin.assistantBot.setupManifests.put",
    args: ["{manifestId}", { scripts: [{ id: "node", setup: "npm ci" }] }],
  },
  deleteSetupManifest: { method: "admin.assistantBot.setupManifests.delete", args: ["{manifestId}"] },
  orgListMembers: { method: "org.members.list" },
  orgSyncMemberships: { method: "org.teamMemberships.sync" },
  orgPooledUsage: { method: "org.usage.pooled" },
  orgUsageEvents: { method: "org.usage.events" },
  orgDailyUsage: { method: "org.usage.daily" },
  orgSpend: { method: "org.spend.list" },
  orgListModelAccess: { method: "org.modelAccess.list" },
  orgGetModelAccess: { method: "org.modelAccess.get", args: ["{#teamId}"] },
  orgSetModelAccess: {
    method: "org.modelAccess.set",
    args: ["{#teamId}", { newProviderDefault: "enabled", newModelDefault: "enabled" }],
  },
  orgSetModelAccessBulk: { method: "org.modelAccess.setMany" },
  orgListModelProviders: { method: "org.modelAccess.providers", args: ["{#teamId}"] },
  orgSetModelProvider: { method: "org.modelAccess.setProvider", args: ["{#teamId}", "{provider}", true] },
  orgSetProviderModel: { method: "org.modelAccess.setModel", args: ["{#teamId}", "{provider}", "{model}", ENABLED] },
  orgSetModelProviderBulk: { method: "org.modelAccess.setProviderMany", args: [[1], "{provider}", true] },
  orgSetProviderModelBulk: { method: "org.modelAccess.setModelMany", args: [[1], "{provider}", "{model}", ENABLED] },
  orgListGroups: { method: "org.groups.list" },
  orgGetGroup: { method: "org.groups.get", args: ["{groupId}"] },
  orgCreateGroup: { method: "org.groups.create" },
  orgUpdateGroup: { method: "org.groups.update", args: ["{groupId}", { name: "Ops" }] },
  orgDeleteGroup: { method: "org.groups.delete", args: ["{groupId}"] },
  orgListGroupMembers: { method: "org.groups.members", args: ["{groupId}"] },
  orgAddGroupMembers: { method: "org.groups.addMembers", args: ["{groupId}", USERS] },
  orgRemoveGroupMembers: { method: "org.groups.removeMembers", args: ["{groupId}", USERS] },
};

const SHA = "c".repeat(40);
const RULESET = { name: "protect main" };
const GRANT = { user: "user_1", permission: "read" };
const REVIEWERS = { reviewers: ["user_1"] };
const ANNOTATIONS = [{ path: "src/a.ts", startLine: 1, endLine: 1, level: "warning", message: "unused" }];
const FILES = { expectedHeadSha: SHA, branch: "main", files: [{ path: "a", content: "x" }] };
// Checked against the client's clock, so stamped when the module loads.
const CHECK_RUN = {
  sha: SHA,
  suite: { key: "ci", externalId: "build-1" },
  key: "lint",
  externalId: "lint-1",
  status: "in_progress",
  externalUpdatedAt: new Date().toISOString(),
};

/** Code Forge routes; `repo()` is `forge.repo(owner, repo)` (or `forge.repo({ id: repoId })`). */
export const FORGE_INVOKERS: Record<ForgeOperationName, Invoker> = {
  rateLimit: { method: "forge.rateLimit" },
  "discovery.openidConfiguration": { method: "webhooks:ForgeKeys discovery" },
  "discovery.keys": { method: "webhooks:ForgeKeys.getKeys" },
  getApp: { method: "app.getApp" },
  "installations.list": { method: "app.installations.list" },
  "installations.get": { method: "app.installations.get", args: ["{installationId}"] },
  "installations.delete": { method: "app.installations.delete", args: ["{installationId}"] },
  installationToken: { method: "app.installationToken", args: ["{installationId}"] },
  "installationRepos.list": { method: "forge.installationRepos.list" },
  "webhooks.deliveries.list": { method: "app.webhooks.deliveries.list" },
  "webhooks.redeliver": { method: "app.webhooks.redeliver" },
  "webhooks.ping": { method: "app.webhooks.ping" },
  "apps.get": { method: "forge.apps.get", args: ["{appId}"] },
  "apps.update": { method: "forge.apps.update", args: ["{appId}", { displayName: "CI" }] },
  "apps.signingKeys.create": {
    method: "forge.apps.signingKeys.create",
    args: ["{appId}", { publicKey: "$publicKey" }],
  },
  "apps.signingKeys.delete": { method: "forge.apps.signingKeys.delete", args: ["{appId}", "{kid}"] },
  "namespace.apps.create": {
    method: "forge.namespace().apps.create",
    args: [{ displayName: "CI", publicKey: "$publicKey" }],
  },
  "namespace.apps.list": { method: "forge.namespace().apps.list" },
  "namespace.installations.addRepos": {
    method: "forge.namespace().installations.addRepos",
    args: ["{installationId}", ["repo_0001"]],
  },
  "repo.get": { method: "forge.repo().get" },
  "namespace.repos.create": { method: "forge.namespace().repos.create", args: [{ name: "widgets" }] },
  "namespace.repos.list": { method: "forge.namespace().repos.list" },
  "repo.update": { method: "forge.repo().update", args: [{ allowMergeCommit: true, allowSquashMerge: true }] },
  "repo.grants.list": { method: "forge.repo().grants.list" },
  "repo.grants.upsert": { method: "forge.repo().grants.upsert", args: [GRANT] },
  "repo.grants.delete": { method: "forge.repo().grants.delete", args: [{ user: "user_1" }] },
  "owner.grants.list": { method: "forge.owner().grants.list" },
  "owner.grants.upsert": {
    method: "forge.owner().grants.upsert",
    args: [{ user: "user_1", permission: "PERMISSION_READ" }],
  },
  "owner.grants.delete": { method: "forge.owner().grants.delete", args: [{ user: "user_1" }] },
  "mirror.transition": { method: "forge.repo().mirror.transition", args: [{ transition: "initial_to_inbound" }] },
  "mirror.forceCutover": { method: "forge.repo().mirror.forceCutover" },
  "mirror.detach": { method: "forge.repo().mirror.detach" },
  "mirror.job": { method: "forge.repo().mirror.job", args: ["{jobId}"] },
  "mirror.activeJobs": { method: "forge.repo().mirror.activeJobs" },
  "mirror.sync": { method: "forge.repo().mirror.sync" },
  "commits.get": { method: "forge.repo().commits.get", args: ["{ref}"] },
  "commits.files": { method: "forge.repo().commits.files", args: ["{ref}"] },
  "contents.get": { method: "forge.repo().contents.get", args: ["{path}"] },
  "git.tree": { method: "forge.repo().git.tree", args: ["{treeSha}"] },
  "contents.tarball": { method: "forge.repo().contents.tarball", args: ["{ref}"] },
  // The placeholder is `base...head`: the swept value is the base.
  "contents.compareFiles": { method: "forge.repo().contents.compareFiles", args: ["{basehead}", "main"] },
  "contents.grep": { method: "forge.repo().contents.grep", args: [{ query: "TODO" }] },
  "git.createRef": { method: "forge.repo().git.createRef", args: [{ ref: "heads/topic", sha: SHA }] },
  "git.deleteRef": { method: "forge.repo().git.deleteRef", args: ["{ref}"] },
  "git.createFromFiles": { method: "forge.repo().git.createFromFiles", args: [FILES] },
  "git.matchingRefs": { method: "forge.repo().git.matchingRefs", args: ["heads/"] },
  "git.getRef": { method: "forge.repo().git.getRef", args: ["{ref}"] },
  "pulls.create": { method: "forge.repo().pulls.create", args: [{ title: "t", head: "topic", base: "main" }] },
  "pulls.list": { method: "forge.repo().pulls.list" },
  "pulls.get": { method: "forge.repo().pulls.get", args: ["{pullNumber}"] },
  "pulls.update": { method: "forge.repo().pulls.update", args: ["{pullNumber}", { title: "t" }] },
  "pulls.mergeability": { method: "forge.repo().pulls.mergeability", args: ["{pullNumber}"] },
  "pulls.merge": { method: "forge.repo().pulls.merge", args: ["{pullNumber}"] },
  "pulls.files": { method: "forge.repo().pulls.files", args: ["{pullNumber}"] },
  "pulls.commits": { method: "forge.repo().pulls.commits", args: ["{pullNumber}"] },
  "comments.create": {
    method: "forge.repo().pulls.comments.create",
    args: ["{pullNumber}", { body: "x", file: { path: "a.ts" } }],
  },
  "comments.list": { method: "forge.repo().pulls.comments.list", args: ["{pullNumber}"] },
  "comments.get": { method: "forge.repo().pulls.comments.get", args: ["{commentId}"] },
  "comments.update": { method: "forge.repo().pulls.comments.update", args: ["{commentId}", { body: "y" }] },
  "comments.delete": { method: "forge.repo().pulls.comments.delete", args: ["{commentId}"] },
  "threads.update": { method: "forge.repo().pulls.threads.update", args: ["{threadId}", { resolved: true }] },
  "reviews.create": { method: "forge.repo().pulls.reviews.create", args: ["{pullNumber}", { body: "ok" }] },
  "reviews.list": { method: "forge.repo().pulls.reviews.list", args: ["{pullNumber}"] },
  "reviews.get": { method: "forge.repo().pulls.reviews.get", args: ["{pullNumber}", "{reviewId}"] },
  "reviews.delete": { method: "forge.repo().pulls.reviews.delete", args: ["{pullNumber}", "{reviewId}"] },
  "reviews.dismiss": {
    method: "forge.repo().pulls.reviews.dismiss",
    args: ["{pullNumber}", "{reviewId}", { message: "stale" }],
  },
  "reviewers.list": { method: "forge.repo().pulls.reviewers.list", args: ["{pullNumber}"] },
  "reviewers.request": { method: "forge.repo().pulls.reviewers.request", args: ["{pullNumber}", REVIEWERS] },
  "reviewers.remove": { method: "forge.repo().pulls.reviewers.remove", args: ["{pullNumber}", REVIEWERS] },
  "pullLabels.list": { method: "forge.repo().pulls.labels.list", args: ["{pullNumber}"] },
  "pullLabels.add": { method: "forge.repo().pulls.labels.add", args: ["{pullNumber}", ["bug"]] },
  "pullLabels.replace": { method: "forge.repo().pulls.labels.replace", args: ["{pullNumber}", ["bug"]] },
  "pullLabels.remove": { method: "forge.repo().pulls.labels.remove", args: ["{pullNumber}", "{labelName}"] },
  "pullLabels.removeAll": { method: "forge.repo().pulls.labels.removeAll", args: ["{pullNumber}"] },
  "labels.list": { method: "forge.repo().labels.list" },
  "labels.create": { method: "forge.repo().labels.create", args: [{ name: "bug", color: "ff0000" }] },
  "labels.get": { method: "forge.repo().labels.get", args: ["{labelName}"] },
  "labels.update": { method: "forge.repo().labels.update", args: ["{labelName}", { color: "00ff00" }] },
  "labels.delete": { method: "forge.repo().labels.delete", args: ["{labelName}"] },
  "rulesets.list": { method: "forge.repo().rulesets.list" },
  "rulesets.create": { method: "forge.repo().rulesets.create", args: [RULESET] },
  "rulesets.get": { method: "forge.repo().rulesets.get", args: ["{rulesetId}"] },
  "rulesets.replace": { method: "forge.repo().rulesets.replace", args: ["{rulesetId}", RULESET] },
  "rulesets.delete": { method: "forge.repo().rulesets.delete", args: ["{rulesetId}"] },
  "checkRuns.post": { method: "forge.repo().checkRuns.post", args: [CHECK_RUN] },
  "checkRuns.batchUpsert": { method: "forge.repo().checkRuns.batchUpsert", args: [[CHECK_RUN]] },
  "checkRuns.get": { method: "forge.repo().checkRuns.get", args: ["{checkRunId}"] },
  "checkSuites.get": { method: "forge.repo().checkSuites.get", args: ["{checkSuiteId}"] },
  "checkSuites.listForCommit": { method: "forge.repo().checkSuites.listForCommit", args: ["{sha}"] },
  "checkRuns.listForCommit": { method: "forge.repo().checkRuns.listForCommit", args: ["{sha}"] },
  "checkSuites.runs": { method: "forge.repo().checkSuites.runs", args: ["{checkSuiteId}"] },
  "checkRuns.annotations": { method: "forge.repo().checkRuns.annotations", args: ["{checkRunId}"] },
  "checkRuns.appendAnnotations": {
    method: "forge.repo().checkRuns.appendAnnotations",
    args: ["{checkRunId}", ANNOTATIONS],
  },
  "checkRuns.rerequest": { method: "forge.repo().checkRuns.rerequest", args: ["{checkRunId}"] },
};
