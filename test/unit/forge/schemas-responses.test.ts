import type * as v from "valibot";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../src/core/errors.js";
import { parseResponse } from "../../../src/core/schema.js";
import {
  BatchUpsertCheckRunsResponseSchema,
  PostCheckRunResponseSchema,
} from "../../../src/forge/schemas/check-responses.js";
import {
  CommentSchema,
  isMergeable,
  LabelSchema,
  MergeabilitySchema,
  PullRequestSchema,
  PullRequestsPageSchema,
} from "../../../src/forge/schemas/pull-responses.js";
import { ActorSchema, actorKind } from "../../../src/forge/schemas/references.js";
import {
  ActiveTransitionJobsSchema,
  CreateFromFilesResponseSchema,
  GrepResponseSchema,
  RulesetSchema,
  SyncMirrorResponseSchema,
} from "../../../src/forge/schemas/repo-responses.js";
import {
  PingResultSchema,
  RedeliverResultsSchema,
  WebhookDeliveriesPageSchema,
} from "../../../src/forge/schemas/webhook-responses.js";

const parse = <S extends v.GenericSchema>(schema: S, data: unknown) => parseResponse(schema, data, "test");

describe("pull request responses", () => {
  const pull = {
    id: "pr_1",
    number: "9007199254740993",
    title: "Stacked change",
    state: "queued_for_merge",
    stack: { id: "stk_1", parentPullRequest: { number: "41", repository: { id: "repo_1" } } },
    futureField: { nested: true },
  };

  it("keeps numbers as strings, unknown fields and unknown states", () => {
    const parsed = parse(PullRequestSchema, pull);
    expect(parsed.number).toBe("9007199254740993");
    expect(parsed.state).toBe("queued_for_merge");
    expect(parsed.stack?.parentPullRequest?.number).toBe("41");
    expect(parsed).toMatchObject({ futureField: { nested: true } });
  });

  it("refuses a pull number sent as a JSON number, naming the field", () => {
    expect(() => parse(PullRequestSchema, { ...pull, number: 42 })).toThrow(ValidationError);
    expect(() => parse(PullRequestSchema, { ...pull, number: 42 })).toThrow(/number/);
  });

  it("reads a page, defaulting a missing token to empty", () => {
    expect(parse(PullRequestsPageSchema, { pullRequests: [pull] }).nextPageToken).toBe("");
  });

  it("reads a comment's full thread", () => {
    const comment = parse(CommentSchema, {
      id: "c1",
      body: "nit",
      author: { user: { id: "user_1", email: "a@example.com" } },
      thread: {
        id: "th_1",
        version: { number: "3", headSha: "a".repeat(40), baseSha: "b".repeat(40) },
        path: "src/a.ts",
        side: "RIGHT",
        startLine: 1,
        endLine: 2,
        resolvedAt: "2025-01-01T00:00:00Z",
        createdAt: "2025-01-01T00:00:00Z",
        updatedAt: "2025-01-01T00:00:00Z",
      },
    });
    expect(comment.thread?.version?.number).toBe("3");
    expect(comment.thread?.version?.headSha).toHaveLength(40);
  });

  it("reads labels with and without a description", () => {
    expect(parse(LabelSchema, { id: "l1", name: "bug", color: "d73a4a" }).description).toBeUndefined();
  });
});

describe("mergeability", () => {
  it("treats every verdict other than mergeable as blocked", () => {
    const blocked = parse(MergeabilitySchema, {
      verdict: "blocked",
      blockers: [{ kind: "checks_failing", message: "lint failed", pullRequest: { number: "7" } }],
      evaluatedPullRequests: [{ number: "7" }],
    });
    expect(blocked.blockers[0]?.pullRequest?.number).toBe("7");
    expect(isMergeable(blocked)).toBe(false);
    expect(isMergeable(parse(MergeabilitySchema, { verdict: "needs_rebase" }))).toBe(false);
    expect(isMergeable(parse(MergeabilitySchema, { verdict: "mergeable" }))).toBe(true);
  });
});

describe("actors", () => {
  it("names the variant and reads an unknown one leniently", () => {
    expect(actorKind(parse(ActorSchema, { app: { id: "app_1" } }))).toBe("app");
    expect(actorKind(parse(ActorSchema, { serviceAccount: { id: "sa_1" } }))).toBe("serviceAccount");
    expect(actorKind(parse(ActorSchema, { robot: { id: "r" } }))).toBeUndefined();
  });
});

describe("check runs", () => {
  const checkRun = { id: "cr_1", status: "waiting", key: "lint", externalId: "e1", isRerequestable: true };

  it("reads a single post's pair beside checkSuite, keeping unknown outcomes and statuses", () => {
    const single = parse(PostCheckRunResponseSchema, { checkRun, outcome: "merged_later", checkSuite: { id: "cs_1" } });
    expect(single.outcome).toBe("merged_later");
    expect(single.checkRun.status).toBe("waiting");
    expect(single.checkSuite?.id).toBe("cs_1");
  });

  it("reads a batch's results in order and keeps the deprecated checkRuns", () => {
    const batch = parse(BatchUpsertCheckRunsResponseSchema, {
      results: [
        { checkRun, outcome: "created" },
        { checkRun: { ...checkRun, id: "cr_2" }, outcome: "ignored_stale" },
      ],
      checkRuns: [checkRun],
    });
    expect(batch.results.map((result) => result.outcome)).toEqual(["created", "ignored_stale"]);
    expect(batch).toHaveProperty("checkRuns");
  });
});

describe("repository responses", () => {
  it("reads rulesets with unknown enforcement and kind", () => {
    const ruleset = parse(RulesetSchema, { id: "rs_1", name: "main", enforcement: "shadow", kind: "push_note" });
    expect(ruleset.enforcement).toBe("shadow");
    expect(ruleset.includedRefNames).toEqual([]);
  });

  it("reads grep, createFromFiles, syncMirror and transition jobs", () => {
    expect(parse(GrepResponseSchema, { lines: [{ path: "a", text: "x" }], limitHit: true }).limitHit).toBe(true);
    expect(parse(CreateFromFilesResponseSchema, { sha: "a", treeSha: "b", previousHeadSha: "c" }).treeSha).toBe("b");
    expect(parse(SyncMirrorResponseSchema, { synced: false }).synced).toBe(false);
    expect(parse(ActiveTransitionJobsSchema, {})).toEqual({});
    expect(
      parse(ActiveTransitionJobsSchema, { activeJob: { status: "paused", attemptCount: 2 } }).activeJob?.status,
    ).toBe("paused");
  });
});

describe("webhook responses", () => {
  it("reads deliveries, redeliver results with unknown outcomes, and pings", () => {
    const page = parse(WebhookDeliveriesPageSchema, {
      deliveries: [{ id: "d1", event: { id: "e1", type: "ping" }, lastAttempt: { trigger: "scheduled" } }],
      nextPageToken: "n",
    });
    expect(page.deliveries[0]?.lastAttempt?.trigger).toBe("scheduled");
    const results = parse(RedeliverResultsSchema, {
      results: [
        { deliveryId: "d1", outcome: "queued" },
        { deliveryId: "d2", outcome: "throttled" },
      ],
    });
    expect(results.results[1]?.outcome).toBe("throttled");
    expect(parse(PingResultSchema, { deliveryId: "d", delivered: false }).responseStatusCode).toBe(0);
  });
});
