import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { isoTime } from "../clock.js";
import { type Reply, reply } from "../responses.js";
import {
  addCommentAndEmit,
  commentView,
  conversationOf,
  mayDeleteOthers,
  planComment,
  removeComment,
} from "./comment-routes.js";
import { type FieldViolation, ForgeFailure } from "./errors.js";
import { paginate } from "./pagination.js";
import { latestVersion, pullReference } from "./pull-detail-routes.js";
import {
  actorOf,
  callerId,
  checkSchema,
  type ForgePull,
  objectBody,
  type PullTarget,
  pullRoute,
  type RepoData,
} from "./repo-state.js";
import { REVIEWER_CANDIDATES, type ReviewerCandidate } from "./reviewer-candidates.js";
import type { FakeForgeContext, FakeForgeRoute } from "./route.js";
import type { ForgeRepository } from "./state.js";
import { emitReviewEvent, emitReviewerEvent } from "./webhooks/pull-events.js";

/** A submitted review; `dismissal` once dismissed. */
interface StoredReview {
  id: string;
  pullNumber: string;
  authorId: string;
  body: string;
  state: "submitted" | "dismissed";
  headSha: string;
  submittedAt: number;
  dismissal?: { message: string; dismissedAt: number; dismissedBy: string };
}

interface ReviewerRequest {
  reviewer: ReviewerCandidate;
  requestedAt: number;
}

interface ReviewData {
  reviews: StoredReview[];
  /** By pull number, in first-request order. */
  requests: Map<string, ReviewerRequest[]>;
}

const REVIEWS = new WeakMap<RepoData, ReviewData>();

function reviewData(data: RepoData): ReviewData {
  let held = REVIEWS.get(data);
  if (!held) {
    held = { reviews: [], requests: new Map() };
    REVIEWS.set(data, held);
  }
  return held;
}

function reviewView(data: RepoData, repo: ForgeRepository, pull: ForgePull, review: StoredReview) {
  const comments = conversationOf(data).comments.filter((comment) => comment.reviewId === review.id);
  return {
    id: review.id,
    body: review.body,
    state: review.state,
    author: actorOf(review.authorId),
    comments: comments.map((comment) => commentView(data, repo, comment)),
    pullRequest: pullReference(repo, pull),
    headSha: review.headSha,
    submittedAt: isoTime(review.submittedAt),
    ...(review.dismissal === undefined
      ? {}
      : {
          dismissal: {
            message: review.dismissal.message,
            dismissedAt: isoTime(review.dismissal.dismissedAt),
            dismissedBy: actorOf(review.dismissal.dismissedBy),
          },
        }),
  };
}

/** Delivers the review event of a review just submitted or dismissed, and answers the review. */
function replyWithReviewEvent(
  context: FakeForgeContext,
  { repo, data, pull }: PullTarget,
  review: StoredReview,
): Reply {
  const view = reviewView(data, repo, pull, review);
  emitReviewEvent(context.state, repo, pullReference(repo, pull), view);
  return reply(view);
}

function reviewOf(data: RepoData, pull: ForgePull, context: FakeForgeContext): StoredReview {
  const id = context.params.reviewId ?? "";
  const review = reviewData(data).reviews.find((held) => held.id === id && held.pullNumber === pull.number);
  if (!review) throw new ForgeFailure("NotFound", `Review ${id} was not found on pull request ${pull.number}.`);
  return review;
}

function candidates(context: FakeForgeContext): ReviewerCandidate[] {
  const known = new Set(REVIEWER_CANDIDATES.map((candidate) => candidate.id));
  const tokenUsers = context.options.userTokens
    .filter((user) => !known.has(user.userId))
    .map((user): ReviewerCandidate => ({ kind: "user", id: user.userId }));
  return [...REVIEWER_CANDIDATES, ...tokenUsers];
}

/** The candidate an identifier names: user_ id, email, grp_ id or group slug (emails and slugs case-insensitively). */
function candidateNamed(context: FakeForgeContext, name: string): ReviewerCandidate | undefined {
  const lower = name.toLowerCase();
  return candidates(context).find((candidate) =>
    candidate.kind === "user"
      ? candidate.id === name || candidate.email?.toLowerCase() === lower
      : candidate.id === name || candidate.slug.toLowerCase() === lower,
  );
}

/** The candidates a `{reviewers}` body names, de-duplicated; any non-candidate refuses the whole call (403). */
function namedReviewers(context: FakeForgeContext): ReviewerCandidate[] {
  const body = objectBody(context);
  checkSchema(FORGE_OPERATIONS["reviewers.request"].body, body, "reviewer request");
  const violations: FieldViolation[] = [];
  const found = new Map<string, ReviewerCandidate>();
  (body.reviewers as string[]).forEach((name, index) => {
    const candidate = candidateNamed(context, name);
    if (candidate) found.set(candidate.id, candidate);
    else
      violations.push({ field: `reviewers[${index}]`, description: "is not a reviewer candidate of this repository." });
  });
  if (violations.length > 0)
    throw new ForgeFailure(
      "PermissionDenied",
      "Only reviewer candidates of the repository can be requested.",
      violations,
    );
  return [...found.values()];
}

function reviewerView(request: ReviewerRequest): Record<string, unknown> {
  const { reviewer } = request;
  const identity =
    reviewer.kind === "user"
      ? { user: { id: reviewer.id, ...(reviewer.email === undefined ? {} : { email: reviewer.email }) } }
      : { group: { id: reviewer.id, slug: reviewer.slug } };
  return { ...identity, requestedAt: isoTime(request.requestedAt) };
}

function requestsOf(data: RepoData, pull: ForgePull): ReviewerRequest[] {
  const held = reviewData(data).requests;
  let requests = held.get(pull.number);
  if (!requests) {
    requests = [];
    held.set(pull.number, requests);
  }
  return requests;
}

/** Review and requested-reviewer routes. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only) */
export const reviewRoutes: readonly FakeForgeRoute[] = [
  pullRoute("reviews.create", (context, { repo, data, pull }) => {
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["reviews.create"].body, body, "review");
    const inputs = (body.comments ?? []) as Record<string, unknown>[];
    // Every anchor is checked before anything is stored: one bad anchor fails the whole review.
    const plans = inputs.map((input, index) => planComment(data, repo, pull, input, `comments[${index}].`));
    const review: StoredReview = {
      id: context.state.newId("rev"),
      pullNumber: pull.number,
      authorId: callerId(context),
      body: typeof body.body === "string" ? body.body : "",
      state: "submitted",
      headSha: latestVersion(data, pull).headSha,
      submittedAt: context.now,
    };
    reviewData(data).reviews.push(review);
    for (const plan of plans) addCommentAndEmit(context, data, repo, pull, plan, review.id);
    // A requested user who reviews has answered the request; a later request re-opens it.
    const requests = requestsOf(data, pull);
    const answered = requests.findIndex((request) => request.reviewer.id === review.authorId);
    if (answered >= 0) requests.splice(answered, 1);
    return replyWithReviewEvent(context, { repo, data, pull }, review);
  }),
  pullRoute("reviews.list", (context, { repo, data, pull }) => {
    const reviews = reviewData(data).reviews.filter((review) => review.pullNumber === pull.number);
    const page = paginate(reviews, context.query, `reviews:${repo.id}:${pull.number}`);
    return reply({
      reviews: page.items.map((review) => reviewView(data, repo, pull, review)),
      nextPageToken: page.nextPageToken,
    });
  }),
  pullRoute("reviews.get", (context, { repo, data, pull }) => {
    return reply(reviewView(data, repo, pull, reviewOf(data, pull, context)));
  }),
  pullRoute("reviews.delete", (context, { data, pull }) => {
    const review = reviewOf(data, pull, context);
    // As for comments: the author always, anyone else with repository:contents:write.
    if (review.authorId !== callerId(context) && !mayDeleteOthers(context))
      throw new ForgeFailure("PermissionDenied", "Deleting another author's review needs repository:contents:write.");
    for (const comment of conversationOf(data).comments.filter((held) => held.reviewId === review.id))
      removeComment(data, comment);
    const held = reviewData(data);
    held.reviews = held.reviews.filter((candidate) => candidate !== review);
    return { status: 204 };
  }),
  pullRoute("reviews.dismiss", (context, { repo, data, pull }) => {
    const review = reviewOf(data, pull, context);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["reviews.dismiss"].body, body, "review dismissal");
    if (review.state === "dismissed")
      throw new ForgeFailure("FailedPrecondition", `Review ${review.id} is already dismissed.`);
    review.state = "dismissed";
    review.dismissal = {
      message: typeof body.message === "string" ? body.message : "",
      dismissedAt: context.now,
      dismissedBy: callerId(context),
    };
    return replyWithReviewEvent(context, { repo, data, pull }, review);
  }),
  pullRoute("reviewers.list", (context, { repo, data, pull }) => {
    const page = paginate(requestsOf(data, pull), context.query, `reviewers:${repo.id}:${pull.number}`);
    return reply({ reviewers: page.items.map(reviewerView), nextPageToken: page.nextPageToken });
  }),
  pullRoute("reviewers.request", (context, { repo, data, pull }) => {
    const requests = requestsOf(data, pull);
    const reference = pullReference(repo, pull);
    const reviewed = new Set(
      reviewData(data)
        .reviews.filter((review) => review.pullNumber === pull.number)
        .map((review) => review.authorId),
    );
    for (const reviewer of namedReviewers(context)) {
      // A duplicate request re-opens (re-requests) the existing one rather than adding a second entry; asking
      // again someone whose review answered an earlier request re-requests too.
      const existing = requests.find((request) => request.reviewer.id === reviewer.id);
      if (existing) existing.requestedAt = context.now;
      else requests.push({ reviewer, requestedAt: context.now });
      const type =
        existing || reviewed.has(reviewer.id) ? "pull_request.reviewer.rerequested" : "pull_request.reviewer.added";
      emitReviewerEvent(context.state, repo, reference, type, reviewer);
    }
    return reply({ reviewers: requests.map(reviewerView) });
  }),
  pullRoute("reviewers.remove", (context, { repo, data, pull }) => {
    const removed = new Set(namedReviewers(context).map((reviewer) => reviewer.id));
    const requests = requestsOf(data, pull);
    reviewData(data).requests.set(
      pull.number,
      requests.filter((request) => !removed.has(request.reviewer.id)),
    );
    // Only requests that were open are removed (and delivered); naming anyone else changes nothing.
    const reference = pullReference(repo, pull);
    for (const request of requests.filter((held) => removed.has(held.reviewer.id)))
      emitReviewerEvent(context.state, repo, reference, "pull_request.reviewer.removed", request.reviewer);
    return { status: 204 };
  }),
];
