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

/** The id prefix of a group operation's `{groupId}`: organization `g_`, team directory `team_group_`, billing `group_`. */
export function adminGroupPrefix(operation: string): string {
  return operation.startsWith("org.") ? "g_" : operation.startsWith("directoryGroups.") ? "team_group_" : "group_";
}

/** A valid value of each Team Admin / Organization placeholder for `operation` (its group family's id prefix). */
export function adminValues(operation: string): Record<string, string> {
  return {
    groupId: `${adminGroupPrefix(operation)}1`,
    ruleId: "rule_1",
    manifestId: "node",
    repoId: "repo_1",
    teamId: "12",
    provider: "openai",
    model: "gpt",
  };
}

// Every admin invoker's arguments are valid, so each call reaches its route (operation-names.test.ts sends them all).
const USERS = ["user_1"];
const ENABLED = { enabled: true };
const DAY_START = "2026-01-01T00:00:00Z";
const DAY_END = "2026-01-02T00:00:00Z";
const DATES = { startDate: DAY_START, endDate: DAY_END };
const LIMIT = { userEmail: "a@example.com", spendLimitDollars: 10 };
const REPO_URL = "https://github.com/acme/widgets";
const NETWORK = { egressMode: "allow_all", allowlist: [], locked: false };
const RULE = { name: "No force push", content: "Never force push.", enabled: true };

/** Team Admin and Organization API routes. */
export const ADMIN_INVOKERS: Record<AdminOperationName, Invoker> = {
  "members.list": { method: "admin.members.list" },
  "auditLogs.list": { method: "admin.auditLogs.list", args: [{ startTime: DAY_START, endTime: DAY_END }] },
  "usage.daily": { method: "admin.usage.daily", args: [DATES] },
  "spend.list": { method: "admin.spend.list" },
  "usage.events": { method: "admin.usage.events" },
  "spendLimits.set": { method: "admin.spendLimits.set", args: [LIMIT] },
  "spendLimits.setMany": { method: "admin.spendLimits.setMany", args: [[LIMIT]] },
  "members.remove": { method: "admin.members.remove", args: [{ email: "a@example.com" }] },
  "repoBlocklists.list": { method: "admin.repoBlocklists.list" },
  "repoBlocklists.upsert": { method: "admin.repoBlocklists.upsert", args: [[{ url: REPO_URL, patterns: ["*"] }]] },
  "repoBlocklists.delete": { method: "admin.repoBlocklists.delete", args: ["{repoId}"] },
  "directoryGroups.list": { method: "admin.directoryGroups.list" },
  "directoryGroups.get": { method: "admin.directoryGroups.get", args: ["{groupId}"] },
  "directoryGroups.create": { method: "admin.directoryGroups.create", args: [{ name: "Ops" }] },
  "directoryGroups.update": { method: "admin.directoryGroups.update", args: ["{groupId}", { name: "Ops" }] },
  "directoryGroups.delete": { method: "admin.directoryGroups.delete", args: ["{groupId}"] },
  "directoryGroups.members": { method: "admin.directoryGroups.members", args: ["{groupId}"] },
  "directoryGroups.addMembers": { method: "admin.directoryGroups.addMembers", args: ["{groupId}", USERS] },
  "directoryGroups.removeMembers": { method: "admin.directoryGroups.removeMembers", args: ["{groupId}", USERS] },
  "billingGroups.list": { method: "admin.billingGroups.list" },
  "billingGroups.get": { method: "admin.billingGroups.get", args: ["{groupId}"] },
  "billingGroups.create": { method: "admin.billingGroups.create", args: [{ name: "Data" }] },
  "billingGroups.update": { method: "admin.billingGroups.update", args: ["{groupId}", { name: "Data" }] },
  "billingGroups.delete": { method: "admin.billingGroups.delete", args: ["{groupId}"] },
  "billingGroups.addMembers": { method: "admin.billingGroups.addMembers", args: ["{groupId}", USERS] },
  "billingGroups.removeMembers": { method: "admin.billingGroups.removeMembers", args: ["{groupId}", USERS] },
  "modelAccess.get": { method: "admin.modelAccess.get" },
  "modelAccess.set": { method: "admin.modelAccess.set", args: [{ state: "unrestricted" }] },
  "modelAccess.providers": { method: "admin.modelAccess.providers" },
  "modelAccess.setProvider": { method: "admin.modelAccess.setProvider", args: ["{provider}", true] },
  "modelAccess.models": { method: "admin.modelAccess.models", args: ["{provider}"] },
  "modelAccess.setModel": { method: "admin.modelAccess.setModel", args: ["{provider}", "{model}", ENABLED] },
  "assistantBot.enable": { method: "admin.assistantBot.enable" },
  "assistantBot.disable": { method: "admin.assistantBot.disable" },
  "assistantBot.capabilities.get": { method: "admin.assistantBot.capabilities.get" },
  "assistantBot.capabilities.update": {
    method: "admin.assistantBot.capabilities.update",
    args: [{ cloudAgents: true }],
  },
  "assistantBot.autoReview.get": { method: "admin.assistantBot.autoReview.get" },
  "assistantBot.autoReview.set": {
    method: "admin.assistantBot.autoReview.set",
    args: [{ enforced: false, rules: { allow: [], block: [] } }],
  },
  "assistantBot.access.get": { method: "admin.assistantBot.access.get" },
  "assistantBot.access.set": { method: "admin.assistantBot.access.set", args: [{ mode: "all" }] },
  "assistantBot.network.get": { method: "admin.assistantBot.network.get" },
  "assistantBot.network.set": { method: "admin.assistantBot.network.set", args: [NETWORK] },
  "assistantBot.teamRules.list": { method: "admin.assistantBot.teamRules.list" },
  "assistantBot.teamRules.create": { method: "admin.assistantBot.teamRules.create", args: [RULE] },
  "assistantBot.teamRules.update": {
    method: "admin.assistantBot.teamRules.update",
    args: ["{ruleId}", { enabled: false }],
  },
  "assistantBot.teamRules.delete": { method: "admin.assistantBot.teamRules.delete", args: ["{ruleId}"] },
  "assistantBot.setupManifests.list": { method: "admin.assistantBot.setupManifests.list" },
  "assistantBot.setupManifests.put": {
    method: "admin.assistantBot.setupManifests.put",
    args: ["{manifestId}", { scripts: [{ id: "node", setup: "npm ci" }] }],
  },
  "assistantBot.setupManifests.delete": { method: "admin.assistantBot.setupManifests.delete", args: ["{manifestId}"] },
  "org.members.list": { method: "org.members.list" },
  "org.teamMemberships.sync": { method: "org.teamMemberships.sync", args: [[{ userId: 1, teamIds: [12] }]] },
  "org.usage.pooled": { method: "org.usage.pooled" },
  "org.usage.events": { method: "org.usage.events" },
  "org.usage.daily": { method: "org.usage.daily", args: [DATES] },
  "org.spend.list": { method: "org.spend.list" },
  "org.modelAccess.list": { method: "org.modelAccess.list" },
  "org.modelAccess.get": { method: "org.modelAccess.get", args: ["{#teamId}"] },
  "org.modelAccess.set": {
    method: "org.modelAccess.set",
    args: ["{#teamId}", { newProviderDefault: "enabled", newModelDefault: "enabled" }],
  },
  "org.modelAccess.setMany": { method: "org.modelAccess.setMany", args: [[1], { state: "unrestricted" }] },
  "org.modelAccess.providers": { method: "org.modelAccess.providers", args: ["{#teamId}"] },
  "org.modelAccess.setProvider": { method: "org.modelAccess.setProvider", args: ["{#teamId}", "{provider}", true] },
  "org.modelAccess.setModel": {
    method: "org.modelAccess.setModel",
    args: ["{#teamId}", "{provider}", "{model}", ENABLED],
  },
  "org.modelAccess.setProviderMany": { method: "org.modelAccess.setProviderMany", args: [[1], "{provider}", true] },
  "org.modelAccess.setModelMany": {
    method: "org.modelAccess.setModelMany",
    args: [[1], "{provider}", "{model}", ENABLED],
  },
  "org.groups.list": { method: "org.groups.list" },
  "org.groups.get": { method: "org.groups.get", args: ["{groupId}"] },
  "org.groups.create": { method: "org.groups.create", args: [{ name: "Ops" }] },
  "org.groups.update": { method: "org.groups.update", args: ["{groupId}", { name: "Ops" }] },
  "org.groups.delete": { method: "org.groups.delete", args: ["{groupId}"] },
  "org.groups.members": { method: "org.groups.members", args: ["{groupId}"] },
  "org.groups.addMembers": { method: "org.groups.addMembers", args: ["{groupId}", USERS] },
  "org.groups.removeMembers": { method: "org.groups.removeMembers", args: ["{groupId}", USERS] },
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
