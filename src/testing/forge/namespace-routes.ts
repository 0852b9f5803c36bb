import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { reply } from "../responses.js";
import { ForgeFailure } from "./errors.js";
import { paginate } from "./pagination.js";
import { checkSchema, objectBody } from "./repo-state.js";
import { type FakeForgeContext, type FakeForgeRoute, operationRoute } from "./route.js";
import type { ForgeNamespace } from "./state.js";
import { tokenRepositories } from "./token-routes.js";
import { installationView, repositoryView } from "./views.js";
import { emitInstallationEvent } from "./webhooks/installation-events.js";

/** The namespace named by `{namespaceSlug}` (case-insensitive), else NotFound. */
export function namespaceOf(context: FakeForgeContext): ForgeNamespace {
  const slug = context.params.namespaceSlug ?? "";
  const { namespace } = context.state;
  if (slug.toLowerCase() !== namespace.slug.toLowerCase())
    throw new ForgeFailure("NotFound", `Namespace ${slug} was not found.`);
  return namespace;
}

/** Refuses a write that needs an eligible namespace owner (Create Repo, Create App). */
export function requireEligibleOwner(context: FakeForgeContext, what: string): void {
  if (context.state.ownerEligible) return;
  throw new ForgeFailure(
    "FailedPrecondition",
    `The owner of namespace ${context.state.namespace.slug} is not eligible to write to the forge (needs an active paid plan, no legacy privacy mode, forge turned on); cannot ${what}.`,
  );
}

function gitOrigin(context: FakeForgeContext): string {
  return `${context.issuer}/git`;
}

/** Create Repo, List Repos and Add Installation Repos. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const namespaceRoutes: readonly FakeForgeRoute[] = [
  operationRoute("namespace.repos.create", (context) => {
    const namespace = namespaceOf(context);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["namespace.repos.create"].body, body, "repository");
    requireEligibleOwner(context, "create a repository");
    const name = body.name as string;
    const taken = context.state.repositories.find(
      (repo) => repo.owner.id === namespace.id && repo.name.toLowerCase() === name.toLowerCase(),
    );
    if (taken)
      throw new ForgeFailure(
        "AlreadyExists",
        `A repository named ${taken.name} already exists in ${namespace.slug} (names are case-insensitive).`,
      );
    const repo = context.state.createRepository(
      {
        name,
        ...(typeof body.visibility === "string" ? { visibility: body.visibility as "internal" | "private" } : {}),
        ...(typeof body.defaultBranch === "string" ? { defaultBranch: body.defaultBranch } : {}),
      },
      context.now,
    );
    return reply(repositoryView(repo, gitOrigin(context)));
  }),
  operationRoute("namespace.repos.list", (context) => {
    const namespace = namespaceOf(context);
    const { principal, state } = context;
    // An installation token lists only what it reaches; a user lists the whole namespace.
    const reachable =
      principal?.kind === "installation"
        ? tokenRepositories(state, principal.installation, principal.token)
        : state.repositories;
    const mine = reachable.filter((repo) => repo.owner.id === namespace.id);
    const page = paginate(mine, context.query, `repos:${namespace.id}`);
    return reply({
      repositories: page.items.map((repo) => repositoryView(repo, gitOrigin(context))),
      nextPageToken: page.nextPageToken,
    });
  }),
  operationRoute("namespace.installations.addRepos", (context) => {
    const namespace = namespaceOf(context);
    const id = context.params.installationId ?? "";
    const installation = context.state.installations.get(id);
    if (!installation || installation.target.id !== namespace.id)
      throw new ForgeFailure("NotFound", `Installation ${id} was not found in ${namespace.slug}.`);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["namespace.installations.addRepos"].body, body, "repository selection");
    if (installation.suspendedAt !== undefined)
      throw new ForgeFailure("FailedPrecondition", `Installation ${id} is suspended; its repositories cannot change.`);
    if (installation.repoSelectionMode === "all")
      throw new ForgeFailure("FailedPrecondition", `Installation ${id} already covers every repository.`);
    const repoIds = body.repoIds as string[];
    const outside = repoIds.filter(
      (repoId) => !context.state.repositories.some((repo) => repo.id === repoId && repo.owner.id === namespace.id),
    );
    if (outside.length > 0)
      throw new ForgeFailure(
        "FailedPrecondition",
        `Repositories ${outside.join(", ")} are not in namespace ${namespace.slug}; nothing was added.`,
      );
    // A union: the current selection stays, new ids are appended, scopes are unchanged.
    const before = installation.repositoryIds.length;
    installation.repositoryIds = [...new Set([...installation.repositoryIds, ...repoIds])];
    installation.updatedAt = context.now;
    // The app hears about a wider reach (the payload lists every repository it now reaches).
    if (installation.repositoryIds.length > before)
      emitInstallationEvent(context.state, "installation.updated", installation, context.now);
    return reply(installationView(installation));
  }),
];
