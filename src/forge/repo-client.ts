import { requireClientContext } from "../core/arguments.js";
import type { CallOptions } from "../core/options.js";
import type { ForgeContext } from "./forge-context.js";
import type { ForgeRepoRef } from "./repo-ref.js";
import { CheckRunsResource } from "./resources/check-runs.js";
import { CheckSuitesResource } from "./resources/check-suites.js";
import { CommitsResource } from "./resources/commits.js";
import { ContentsResource } from "./resources/contents.js";
import { GitResource } from "./resources/git.js";
import { LabelsResource } from "./resources/labels.js";
import { MirrorResource } from "./resources/mirror.js";
import { PullsResource } from "./resources/pulls.js";
import { type RepoGrantsResource, RepoSettingsResource, repoGrants } from "./resources/repo-settings.js";
import { RulesetsResource } from "./resources/rulesets.js";
import type { RepoSettingsParams } from "./schemas/repo-settings.js";

export {
  CheckRunsResource,
  CheckSuitesResource,
  CommitsResource,
  ContentsResource,
  GitResource,
  LabelsResource,
  MirrorResource,
  PullsResource,
  RulesetsResource,
};

/** One repository's resources. */
export class RepoClient {
  readonly labels: LabelsResource;
  readonly pulls: PullsResource;
  readonly checkRuns: CheckRunsResource;
  /** Check suites on a commit and the runs of one suite. */
  readonly checkSuites: CheckSuitesResource;
  /** Direct grants (repository:settings:read / :write). */
  readonly grants: RepoGrantsResource;
  /** Rulesets (repository:rulesets:read / :write). */
  readonly rulesets: RulesetsResource;
  /** Mirror transitions, jobs, cutover, detach and sync. */
  readonly mirror: MirrorResource;
  /** Branch refs, refs by prefix, commits from files, trees (repository:contents:read / :write). */
  readonly git: GitResource;
  /** Commits and the files they changed. */
  readonly commits: CommitsResource;
  /** Files, comparisons, text search and archives. */
  readonly contents: ContentsResource;
  readonly #settings: RepoSettingsResource;
  constructor(context: ForgeContext, repo: ForgeRepoRef, now: () => number) {
    requireClientContext(context, "RepoClient");
    this.labels = new LabelsResource(context, repo);
    this.pulls = new PullsResource(context, repo);
    this.checkRuns = new CheckRunsResource(context, repo, now);
    this.checkSuites = new CheckSuitesResource(context, repo);
    this.grants = repoGrants(context, repo);
    this.rulesets = new RulesetsResource(context, repo);
    this.mirror = new MirrorResource(context, repo);
    this.git = new GitResource(context, repo);
    this.commits = new CommitsResource(context, repo);
    this.contents = new ContentsResource(context, repo);
    this.#settings = new RepoSettingsResource(context, repo);
  }

  /** The repository (Get Repo): settings, mirror, timestamps, `cloneUrl`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Repository (summary as returned by installation repository list)) */
  get(options?: CallOptions) {
    return this.#settings.get(options);
  }

  /** Sets repository settings (at least one; merge flags together). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
  update(settings: RepoSettingsParams, options?: CallOptions) {
    return this.#settings.update(settings, options);
  }
}
