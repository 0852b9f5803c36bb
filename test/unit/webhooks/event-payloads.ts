// A payload per event type the spec names, shaped as the spec describes it: shared by the typed-event tests and
// the signed-routing sweep.
import type { WebhookEventType } from "../../../src/webhooks/event-schemas.js";

export const repository = { id: "repo_1", name: "web-app", fullName: "acme/web-app", owner: { slug: "acme" } };
const pullRef = { id: "pr_1", number: "7", repository };
const user = { user: { id: "user_1", email: "a@example.com" } };
const checkRun = { id: "cr_1", status: "completed", conclusion: "success", rerequestedBy: user };

/** A payload per named type, shaped as the spec describes it (plus a field the spec does not name). */
export const PAYLOADS: Record<WebhookEventType, Record<string, unknown>> = {
  ping: { zen: "hello" },
  "installation.created": { app: { id: "app_1", displayName: "Bot" }, installation: { id: "inst_1", appId: "app_1" } },
  "installation.updated": { app: { id: "app_1" }, repositories: [{ id: "repo_1", name: "web-app" }] },
  "installation.deleted": {
    app: { id: "app_1" },
    installation: { id: "inst_1", appId: "app_1", deletedAt: "2026-11-21T12:00:00Z" },
  },
  "repository.pushed": { repository, pusher: user, after: "b".repeat(40) },
  "repository.deleted": { repository, deletedAt: "2026-11-21T12:00:00Z" },
  "repository.metadata.updated": { repository: { ...repository, defaultBranch: "main", visibility: "internal" } },
  "repository.check_run.created": {
    repository,
    checkSuite: { id: "cs_1" },
    checkRun: { id: "cr_1", status: "queued" },
  },
  "repository.check_run.completed": { repository, checkSuite: { id: "cs_1" }, checkRun },
  "repository.check_run.rerequested": { repository, checkRun: { ...checkRun, status: "rerequested" } },
  "pull_request.created": { pullRequest: { number: "7", title: "Add login", stack: { id: "st_1" } } },
  "pull_request.merged": { pullRequest: { number: "7", state: "merged" }, repository },
  "pull_request.closed": { pullRequest: { number: "7", state: "closed" } },
  "pull_request.comment.created": {
    pullRequest: pullRef,
    comment: { id: "c_1", body: "nit", thread: { id: "t_1", path: "a.ts", side: "right", startLine: 3, endLine: 4 } },
  },
  "pull_request.comment.reaction.added": {
    pullRequest: pullRef,
    comment: { id: "c_1", thread: { id: "t_1" } },
    reaction: { content: "+1", reactor: user },
  },
  "pull_request.comment.reaction.removed": {
    pullRequest: pullRef,
    comment: { id: "c_1" },
    reaction: { content: "+1", reactor: user },
  },
  "pull_request.label.added": { pullRequest: pullRef, label: { id: "l_1", name: "bug", color: "ff0000" }, actor: user },
  "pull_request.label.removed": { pullRequest: pullRef, label: { id: "l_1", name: "bug", color: "ff0000" } },
  "pull_request.review.submitted": { pullRequest: pullRef, review: { id: "r_1", state: "approved" } },
  "pull_request.review.dismissed": { pullRequest: pullRef, review: { id: "r_1", dismissal: { reason: "stale" } } },
  "pull_request.reviewer.added": { pullRequest: pullRef, reviewer: { user: { id: "user_2", email: "b@example.com" } } },
  "pull_request.reviewer.removed": { pullRequest: pullRef, reviewer: { group: { id: "grp_1" } } },
  "pull_request.reviewer.rerequested": { pullRequest: pullRef, reviewer: { user: { id: "user_2" } } },
};
