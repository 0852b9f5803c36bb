// Comment reactions. The spec names their events but no reaction operation, so the fake has no reaction route:
// `fake.forge.react()` plays a person reacting in the forge's UI and delivers the event. Reactions are not stored.
// @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
import { isObject } from "../../../core/arguments.js";
import { checkInput, expectFakeArgument, fakeArgumentError, TEXT_FIELD } from "../../argument-errors.js";
import { conversationOf } from "../comment-routes.js";
import { pullReference } from "../pull-detail-routes.js";
import { repoData } from "../repo-state.js";
import { type ForgeState, SEED_ADMIN } from "../state.js";
import { emitForgeEvent } from "./deliverer.js";

/** What `fake.forge.react()` takes. */
export interface CommentReactionInput {
  /** The repository (`repo_…`) holding the comment. */
  repoId: string;
  /** The pull request comment (`cmt_…`) reacted to. */
  commentId: string;
  /** E.g. `+1`, `heart`, `rocket`; passed through as given. */
  content: string;
  /** Who reacted, as an OriginActor; default the seeded admin user. */
  reactor?: Record<string, unknown>;
  /** `added` (default) or `removed`. */
  action?: "added" | "removed";
}

const SEED_REACTOR = {
  user: { id: SEED_ADMIN.id, email: SEED_ADMIN.email, displayName: SEED_ADMIN.displayName, handle: SEED_ADMIN.handle },
};

/**
 * Delivers `pull_request.comment.reaction.added` or `.removed` to every installation reaching the repository:
 * the pull request reference, the comment reference with its thread, and the reaction (content and reactor).
 * Resolves when the first attempts have settled; rejects with an `invalid_argument` AgentlineError naming a wrong
 * field or a missing repository or comment.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export async function emitCommentReaction(state: ForgeState, input: CommentReactionInput): Promise<void> {
  checkInput(input, "input", "fake.forge.react", {
    repoId: TEXT_FIELD,
    commentId: TEXT_FIELD,
    content: TEXT_FIELD,
    reactor: [isObject, "an object (an OriginActor)"],
    action: [(value) => value === "added" || value === "removed", '"added" or "removed"'],
  });
  const repo = state.repositories.find((candidate) => candidate.id === input.repoId);
  if (!repo) throw fakeArgumentError(`fake.forge.react: no repository ${input.repoId}.`);
  const data = repoData(state, repo);
  const comment = conversationOf(data).comments.find((held) => held.id === input.commentId);
  if (!comment) throw fakeArgumentError(`fake.forge.react: no comment ${input.commentId} in ${repo.name}.`);
  expectFakeArgument(
    typeof input.content === "string" && input.content !== "",
    "fake.forge.react: `input.content` must be a non-empty string.",
  );
  const pull = data.pulls.find((candidate) => candidate.number === comment.pullNumber);
  if (!pull) throw fakeArgumentError(`fake.forge.react: comment ${comment.id} has no pull request.`);
  await emitForgeEvent(state, {
    type: `pull_request.comment.reaction.${input.action ?? "added"}`,
    repositoryId: repo.id,
    payload: {
      pullRequest: pullReference(repo, pull),
      comment: { id: comment.id, thread: { id: comment.threadId } },
      reaction: { content: input.content, reactor: input.reactor ?? SEED_REACTOR },
    },
  });
}
