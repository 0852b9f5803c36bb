import { isoTime } from "../clock.js";
import type { ForgeApp, ForgeInstallation, ForgeRepository } from "./state.js";

/** An app as `GET /app` returns it. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § App) */
export function appView(app: ForgeApp): Record<string, unknown> {
  return {
    id: app.id,
    displayName: app.displayName,
    webhookUrl: app.webhookUrl,
    events: [...app.events],
    createdAt: isoTime(app.createdAt),
    updatedAt: isoTime(app.updatedAt),
    installationRedirectUris: [...app.installationRedirectUris],
    namespaceSlug: app.namespaceSlug,
    description: app.description,
    websiteUrl: app.websiteUrl,
    defaultScopes: [...app.defaultScopes],
  };
}

/** An installation as the app routes return it. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Installation) */
export function installationView(installation: ForgeInstallation): Record<string, unknown> {
  const { installedBy, target } = installation;
  return {
    id: installation.id,
    appId: installation.appId,
    target: { slug: target.slug, id: target.id, type: target.type },
    createdAt: isoTime(installation.createdAt),
    updatedAt: isoTime(installation.updatedAt),
    repoSelectionMode: installation.repoSelectionMode,
    scopes: [...installation.scopes],
    installedBy: {
      id: installedBy.id,
      email: installedBy.email,
      displayName: installedBy.displayName,
      handle: installedBy.handle,
    },
    ...(installation.suspendedAt === undefined ? {} : { suspendedAt: isoTime(installation.suspendedAt) }),
  };
}

/** A repository summary as `GET /installation/repos` lists it. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Repository (summary as returned by installation repository list)) */
export function repositoryView(repo: ForgeRepository, gitOrigin: string): Record<string, unknown> {
  return {
    id: repo.id,
    name: repo.name,
    fullName: `${repo.owner.slug}/${repo.name}`,
    owner: { slug: repo.owner.slug, id: repo.owner.id, type: repo.owner.type },
    defaultBranch: repo.defaultBranch,
    ...(repo.mirror ? { mirror: { ...repo.mirror } } : {}),
    visibility: repo.visibility,
    allowMergeCommit: repo.allowMergeCommit,
    allowSquashMerge: repo.allowSquashMerge,
    deleteBranchOnMerge: repo.deleteBranchOnMerge,
    createdAt: isoTime(repo.createdAt),
    updatedAt: isoTime(repo.updatedAt),
    pushedAt: isoTime(repo.pushedAt),
    cloneUrl: `${gitOrigin}/${repo.owner.slug}/${repo.name}.git`,
  };
}
