import { SEED_ADMIN } from "./state.js";

/** Someone who may be asked to review: a user (by user_ id or email) or a group (by grp_ id or slug). */
export type ReviewerCandidate =
  | { kind: "user"; id: string; email?: string }
  | { kind: "group"; id: string; slug: string };

/**
 * The reviewer candidates of the seeded namespace; the user ids of the configured user tokens are candidates too.
 * Anyone else is a non-candidate (PermissionDenied). @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)
 */
export const REVIEWER_CANDIDATES: readonly ReviewerCandidate[] = [
  { kind: "user", id: SEED_ADMIN.id, email: SEED_ADMIN.email },
  { kind: "user", id: "user_0002", email: "dev@acme.example" },
  { kind: "user", id: "user_0003", email: "qa@acme.example" },
  { kind: "group", id: "grp_0001", slug: "reviewers" },
  { kind: "group", id: "grp_0002", slug: "platform" },
];
