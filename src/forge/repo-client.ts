import type { ForgeContext } from "./forge-call.js";
import { CheckRunsResource } from "./resources/check-runs.js";
import { LabelsResource } from "./resources/labels.js";
import { PullsResource } from "./resources/pulls.js";
import type { ForgeRepoRef } from "./routes.js";

export { CheckRunsResource, LabelsResource, PullsResource };

/** One repository's resources. */
export class RepoClient {
  readonly labels: LabelsResource;
  readonly pulls: PullsResource;
  readonly checkRuns: CheckRunsResource;
  constructor(context: ForgeContext, repo: ForgeRepoRef, now: () => number) {
    this.labels = new LabelsResource(context, repo);
    this.pulls = new PullsResource(context, repo);
    this.checkRuns = new CheckRunsResource(context, repo, now);
  }
}
