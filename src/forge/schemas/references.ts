import * as v from "valibot";
import { argumentError, isObject } from "../../core/arguments.js";
import { lazySchema } from "../../core/lazy-schema.js";
import { responseObject } from "../../core/schema.js";
import { OwnerRefSchema } from "./auth.js";

// Shared response pieces: actors and the repository / pull request / thread references. Parsed leniently:
// loose objects, open enums, 64-bit integers as strings.

/** A page token: empty on the last page; absent is read as empty. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const NextPageTokenSchema = /* @__PURE__ */ lazySchema(() => v.optional(v.string(), ""));

/** A user actor. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const UserActorSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.string(),
    email: v.optional(v.string()),
    displayName: v.optional(v.string()),
    handle: v.optional(v.string()),
  }),
);

/** An app actor (no slug). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const AppActorSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ id: v.string(), displayName: v.optional(v.string()) }),
);

/** A service-account actor. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const ServiceAccountActorSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({ id: v.optional(v.string()) }),
);

/**
 * OriginActor: the spec promises exactly one of `user`, `app`, `serviceAccount`. Responses are read leniently
 * (an actor of a kind added later parses too); use {@link actorKind} to branch. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references)
 */
export const ActorSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    user: v.optional(UserActorSchema),
    app: v.optional(AppActorSchema),
    serviceAccount: v.optional(ServiceAccountActorSchema),
  }),
);

/** An actor as parsed. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export type Actor = v.InferOutput<typeof ActorSchema>;

/** Which variant an actor carries, or undefined for none (or an unknown kind). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export function actorKind(actor: Actor): "user" | "app" | "serviceAccount" | undefined {
  if (!isObject(actor))
    throw argumentError(actor, "actor", "actorKind", "an actor from a response (`{ user }`, `{ app }`, …)");
  if (actor.user) return "user";
  if (actor.app) return "app";
  if (actor.serviceAccount) return "serviceAccount";
  return undefined;
}

/** RepositoryReference. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const RepositoryRefSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.optional(v.string()),
    name: v.optional(v.string()),
    fullName: v.optional(v.string()),
    owner: v.optional(OwnerRefSchema),
  }),
);

/** PullRequestReference: a pull request and its repository; `number` stays a string. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Common references) */
export const PullRequestRefSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    id: v.optional(v.string()),
    number: v.optional(v.string()),
    repository: v.optional(RepositoryRefSchema),
  }),
);

/** A repository reference. */
export type RepositoryRef = v.InferOutput<typeof RepositoryRefSchema>;
/** A pull request reference. */
export type PullRequestRef = v.InferOutput<typeof PullRequestRefSchema>;
