// Per-repository data of the fake forge (branches, labels, pull requests, the check-run ledger, annotations) and
// the helpers the repository routes share: resolving `{owner}/{repo}` or `_/{repoId}`, body checks, table routes.
import type { ValidationIssue } from "../../core/errors.js";
import { requestIssues } from "../../core/schema.js";
import { type CheckRunLedger, createCheckRunLedger } from "../../forge/check-runs.js";
import { FORGE_OPERATIONS, type ForgeOperationName } from "../../forge/operations.js";
import type { Reply } from "../responses.js";
import { type FieldViolation, ForgeFailure, invalidArgument } from "./errors.js";
import { type FakeForgeContext, type FakeForgeRoute, operationRoute } from "./route.js";
import { METADATA_READ } from "./scopes.js";
import type { ForgeRepository, ForgeState } from "./state.js";
import { tokenRepositories } from "./token-routes.js";

/** A label definition. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Common references) */
export interface ForgeLabel {
  id: string;
  name: string;
  color: string;
  description?: string;
  createdAt: number;
  updatedAt: number;
}

/** A pull request of the fake forge; `number` is a string (64-bit on the wire). */
export interface ForgePull {
  id: string;
  number: string;
  title: string;
  body: string;
  state: "open" | "closed" | "merged";
  head: string;
  base: string;
  headSha: string;
  baseSha: string;
  author: Record<string, unknown>;
  /** Ids of assigned labels. */
  labelIds: string[];
  createdAt: number;
  updatedAt: number;
  closedAt?: number;
  mergedAt?: number;
  mergeCommitSha?: string;
  mergeMethod?: "merge" | "squash";
}

/** One stored annotation; fields beyond `message` and `rawDetails` are kept as posted. */
export interface ForgeAnnotation {
  id: string;
  fields: Record<string, unknown>;
  createdAt: number;
}

/** Everything one repository holds besides its metadata. */
export interface RepoData {
  /** Branch name to tip SHA. */
  branches: Map<string, string>;
  labels: ForgeLabel[];
  pulls: ForgePull[];
  nextPullNumber: number;
  ledger: CheckRunLedger;
  /** By check-run id, in append order (ascending id). */
  annotations: Map<string, ForgeAnnotation[]>;
  /** Counter for annotation ids and commit SHAs made in this repository. */
  sequence: number;
}

/** Feature branches seeded beside `main` in every native repository. */
export const SEEDED_BRANCHES: readonly string[] = ["feature/login", "feature/search", "fix/typo"];

/** Labels seeded in every repository. */
export const SEEDED_LABELS: ReadonlyArray<{ name: string; color: string; description?: string }> = [
  { name: "bug", color: "d73a4a", description: "Something is not working" },
  { name: "enhancement", color: "a2eeef" },
];

const DATA = new WeakMap<ForgeState, Map<string, RepoData>>();

/** A deterministic 40-hex commit SHA for a seed string. */
export function fakeSha(seed: string): string {
  let out = "";
  for (let round = 0; out.length < 40; round++) {
    let hash = 0x811c9dc5 ^ round;
    for (let i = 0; i < seed.length; i++) hash = Math.imul(hash ^ seed.charCodeAt(i), 0x01000193) >>> 0;
    out += hash.toString(16).padStart(8, "0");
  }
  return out.slice(0, 40);
}

/** A new commit SHA in a repository (merges, test pushes). */
export function nextSha(data: RepoData, repo: ForgeRepository): string {
  data.sequence += 1;
  return fakeSha(`${repo.id}:commit:${data.sequence}`);
}

/** The data of a repository, seeded on first use (`main` everywhere, feature branches on native ones). */
export function repoData(state: ForgeState, repo: ForgeRepository): RepoData {
  let byRepo = DATA.get(state);
  if (!byRepo) {
    byRepo = new Map();
    DATA.set(state, byRepo);
  }
  let data = byRepo.get(repo.id);
  if (!data) {
    const names = [repo.defaultBranch, ...(repo.mirror ? [] : SEEDED_BRANCHES)];
    data = {
      branches: new Map(names.map((name) => [name, fakeSha(`${repo.id}:${name}`)])),
      labels: SEEDED_LABELS.map((label, i) => ({
        id: `lbl_${repo.id.replace(/^repo_/, "")}${String(i + 1).padStart(4, "0")}`,
        ...label,
        createdAt: repo.createdAt,
        updatedAt: repo.createdAt,
      })),
      pulls: [],
      nextPullNumber: 1,
      ledger: createCheckRunLedger(),
      annotations: new Map(),
      sequence: 0,
    };
    byRepo.set(repo.id, data);
  }
  return data;
}

/** The data of a repository when it has been used, without seeding it (background sweeps read only these). */
export function existingRepoData(state: ForgeState, repo: ForgeRepository): RepoData | undefined {
  return DATA.get(state)?.get(repo.id);
}

/** Whether a repository is native (never mirrored, or detached). */
export function isNative(repo: ForgeRepository): boolean {
  return repo.mirror === undefined;
}

/** Whether scopes beyond metadata and contents read apply: a native repository or a stable outbound mirror. */
export function acceptsScopedOperations(repo: ForgeRepository): boolean {
  return repo.mirror === undefined || repo.mirror.status === "outbound";
}

const ALWAYS_APPLY = new Set([METADATA_READ, "repository:contents:read"]);

/** The reachable repository of `{owner}/{repo}` or `_/{repoId}`, else NotFound; 403 for mirror-excluded scopes. */
export function repoOf(context: FakeForgeContext, scope: string | undefined): ForgeRepository {
  const owner = context.params.owner ?? "";
  const name = context.params.repo ?? "";
  const { state, principal } = context;
  const reachable =
    principal?.kind === "installation"
      ? tokenRepositories(state, principal.installation, principal.token)
      : state.repositories.filter((repo) => repo.owner.id === state.namespace.id);
  const repo =
    owner === "_"
      ? reachable.find((candidate) => candidate.id === name)
      : reachable.find(
          (candidate) =>
            candidate.owner.slug.toLowerCase() === owner.toLowerCase() &&
            candidate.name.toLowerCase() === name.toLowerCase(),
        );
  if (!repo) throw new ForgeFailure("NotFound", `Repository ${owner}/${name} was not found.`);
  if (scope !== undefined && !ALWAYS_APPLY.has(scope) && !acceptsScopedOperations(repo))
    throw new ForgeFailure(
      "PermissionDenied",
      `${repo.owner.slug}/${repo.name} is a mirrored repository; ${scope} does not apply to it.`,
    );
  return repo;
}

/** The id of the calling principal (app id for installation tokens). */
export function callerId(context: FakeForgeContext): string {
  const principal = context.principal;
  if (principal?.kind === "installation") return principal.installation.appId;
  if (principal?.kind === "user") return principal.userId;
  if (principal?.kind === "app") return principal.app.id;
  return "";
}

/** An OriginActor for a principal id (`app_…` is an app, anything else a user). */
export function actorOf(id: string): Record<string, unknown> {
  return id.startsWith("app_") ? { app: { id } } : { user: { id } };
}

/** The JSON object body; an absent body is `{}`, anything else InvalidArgument. */
export function objectBody(context: FakeForgeContext): Record<string, unknown> {
  const { body } = context;
  if (body.kind === "none") return {};
  if (body.kind === "invalid") throw invalidArgument("body", "is not valid JSON.");
  const value = body.value;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalidArgument("body", "must be a JSON object.");
  return value as Record<string, unknown>;
}

/** Field violations of validation issues (the whole body is `body`). */
export function violationsOf(issues: readonly ValidationIssue[]): FieldViolation[] {
  return issues.map((issue) => ({ field: issue.path === "" ? "body" : issue.path, description: issue.message }));
}

/** Throws InvalidArgument with field violations when `issues` is not empty. */
export function refuseIssues(issues: readonly ValidationIssue[], what: string): void {
  if (issues.length === 0) return;
  const violations = violationsOf(issues);
  const first = violations[0] as FieldViolation;
  throw new ForgeFailure("InvalidArgument", `Invalid ${what}: ${first.field}: ${first.description}`, violations);
}

/** Checks a value against one of the SDK's request schemas, answering InvalidArgument with field violations. */
export function checkSchema(schema: Parameters<typeof requestIssues>[0], value: unknown, what: string): void {
  refuseIssues(requestIssues(schema, value), what);
}

/** A repository route's handler: the context and the repository it resolved. */
export type RepoHandler = (context: FakeForgeContext, repo: ForgeRepository) => Reply | Promise<Reply>;

const resolvedRepos = new WeakMap<FakeForgeContext, ForgeRepository>();

/**
 * A repository route served at the SDK route table's path, credentials, scope and cost. `mirrorScope` says which
 * scope the mirror rule of {@link repoOf} checks (default the route's scope; `undefined` exempts the route).
 */
export function tableRoute(
  name: ForgeOperationName,
  handle: RepoHandler,
  mirrorScope: (context: FakeForgeContext) => string | undefined = () => FORGE_OPERATIONS[name].scope,
): FakeForgeRoute {
  return {
    ...operationRoute(name, (context) =>
      handle(context, resolvedRepos.get(context) ?? repoOf(context, mirrorScope(context))),
    ),
    // Resolved before points are charged: an unreachable repository (404) or a scope that does not apply to a
    // mirror (403) is an authorization failure, and those are not charged.
    authorize: (context) => {
      resolvedRepos.set(context, repoOf(context, mirrorScope(context)));
    },
  };
}

/** Open pull requests follow their branches: head and base SHAs are re-read from the tips. */
export function syncPulls(data: RepoData): void {
  for (const pull of data.pulls) {
    if (pull.state !== "open") continue;
    pull.headSha = data.branches.get(pull.head) ?? pull.headSha;
    pull.baseSha = data.branches.get(pull.base) ?? pull.baseSha;
  }
}

/** The pull request named by `{pullNumber}` (its SHAs synced to the branch tips), else NotFound. */
export function pullOf(data: RepoData, context: FakeForgeContext): ForgePull {
  const number = context.params.pullNumber ?? "";
  const pull = data.pulls.find((candidate) => candidate.number === number);
  if (!pull) throw new ForgeFailure("NotFound", `Pull request ${number} was not found.`);
  syncPulls(data);
  return pull;
}

/** What a pull request route's handler gets besides the context. */
export interface PullTarget {
  repo: ForgeRepository;
  data: RepoData;
  pull: ForgePull;
}

/** A pull request route: a {@link tableRoute} that also resolves `{pullNumber}` (else NotFound) before `handle`. */
export function pullRoute(
  name: ForgeOperationName,
  handle: (context: FakeForgeContext, target: PullTarget) => Reply | Promise<Reply>,
): FakeForgeRoute {
  return tableRoute(name, (context, repo) => {
    const data = repoData(context.state, repo);
    return handle(context, { repo, data, pull: pullOf(data, context) });
  });
}

/** The label named by `{labelName}` (names match case-insensitively), else NotFound. */
export function labelNamed(data: RepoData, name: string): ForgeLabel | undefined {
  const lower = name.toLowerCase();
  return data.labels.find((label) => label.name.toLowerCase() === lower);
}

/** A label as the forge answers it; `description` only when set. */
export function labelView(label: ForgeLabel): Record<string, unknown> {
  return {
    id: label.id,
    name: label.name,
    color: label.color,
    ...(label.description === undefined ? {} : { description: label.description }),
  };
}
