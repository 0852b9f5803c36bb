// Get Repo and the repository settings PATCH. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)
import { FORGE_OPERATIONS, type ForgeOperationName } from "../../forge/operations.js";
import { reply } from "../responses.js";
import { ForgeFailure } from "./errors.js";
import { checkSchema, objectBody, type RepoHandler, repoData, tableRoute } from "./repo-state.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import type { ForgeRepository } from "./state.js";
import { repositoryView } from "./views.js";
import { emitMetadataUpdated } from "./webhooks/repository-events.js";

/** The clone address origin the forge reports (`cloneUrl`). */
export function gitOrigin(context: FakeForgeContext): string {
  return `${context.issuer}/git`;
}

/**
 * Whether a repository pulls from its upstream (an inbound mirror, or one mid-transition): its default branch
 * and branch deletion follow upstream, so changing them is FailedPrecondition.
 */
export function pullsFromUpstream(repo: ForgeRepository): boolean {
  const status = repo.mirror?.status;
  return status !== undefined && status !== "outbound" && status !== "initial";
}

/**
 * A settings or grants route. An installation token meets the mirror rule of `repoOf` (403 on a repository
 * that is not native or a stable outbound mirror). A user credential administers the forge-side repository
 * and reaches it: without that, the spec's FailedPrecondition for upstream-pulling repositories could never
 * be answered (an assumption: the spec is silent).
 */
export function adminRoute(name: ForgeOperationName, handle: RepoHandler): FakeForgeRoute {
  const scope = FORGE_OPERATIONS[name].scope;
  return tableRoute(name, handle, (context) => (context.principal?.kind === "user" ? undefined : scope));
}

function refuseUpstreamField(repo: ForgeRepository, field: string): void {
  if (pullsFromUpstream(repo))
    throw new ForgeFailure(
      "FailedPrecondition",
      `${field} of ${repo.owner.slug}/${repo.name} follows its upstream repository while the mirror pulls from it.`,
    );
}

/** Applies a validated settings body group by group, in the forge's fixed order; a refusal keeps earlier groups. */
function applySettings(context: FakeForgeContext, repo: ForgeRepository, body: Record<string, unknown>): void {
  const touch = () => {
    repo.updatedAt = context.now;
  };
  if (typeof body.defaultBranch === "string") {
    refuseUpstreamField(repo, "defaultBranch");
    const branch = body.defaultBranch.replace(/^refs\/heads\//, "");
    if (!repoData(context.state, repo).branches.has(branch))
      throw new ForgeFailure("FailedPrecondition", `defaultBranch: branch ${branch} does not exist; push it first.`);
    repo.defaultBranch = branch;
    touch();
  }
  if (typeof body.allowMergeCommit === "boolean" && typeof body.allowSquashMerge === "boolean") {
    repo.allowMergeCommit = body.allowMergeCommit;
    repo.allowSquashMerge = body.allowSquashMerge;
    touch();
  }
  if (typeof body.deleteBranchOnMerge === "boolean") {
    refuseUpstreamField(repo, "deleteBranchOnMerge");
    repo.deleteBranchOnMerge = body.deleteBranchOnMerge;
    touch();
  }
  if (body.visibility === "internal" || body.visibility === "private") {
    repo.visibility = body.visibility;
    touch();
  }
}

/** Get Repo and Update Repo Settings. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const repoSettingsRoutes: readonly FakeForgeRoute[] = [
  tableRoute("repo.get", (context, repo) => reply(repositoryView(repo, gitOrigin(context)))),
  adminRoute("repo.update", (context, repo) => {
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["repo.update"].body, body, "repository settings");
    applySettings(context, repo, body);
    // Only a write that succeeded whole delivers (a refused later group answers an error and delivers nothing).
    const snapshot = repositoryView(repo, gitOrigin(context));
    emitMetadataUpdated(context.state, repo, snapshot);
    return reply(snapshot);
  }),
];
