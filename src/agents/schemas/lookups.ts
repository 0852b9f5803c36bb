import * as v from "valibot";
import { responseObject } from "./response-object.js";

// Supporting lookups (usage, artifacts, models, repositories, API key info, sub-tokens), parsed as
// leniently as the core resources: loose objects, required fields required, strings only checked to be strings.

/** Token counts; `totalTokens` is the sum of the other four. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const UsageTokenUsageSchema = responseObject({
  inputTokens: v.number(),
  outputTokens: v.number(),
  cacheWriteTokens: v.number(),
  cacheReadTokens: v.number(),
  totalTokens: v.number(),
});

/** One run's usage; zeros and no `usageUuid` when nothing was recorded. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const RunUsageSchema = responseObject({
  id: v.string(),
  usageUuid: v.optional(v.string()),
  usage: UsageTokenUsageSchema,
});

/** 200 of GET /v1/agents/{id}/usage. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const AgentUsageResponseSchema = responseObject({
  totalUsage: UsageTokenUsageSchema,
  runs: v.array(RunUsageSchema),
});

/** A file in the agent's artifacts directory. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ArtifactSchema = responseObject({
  path: v.string(),
  sizeBytes: v.number(),
  updatedAt: v.string(),
});

/** Up to 100 artifacts. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ListArtifactsResponseSchema = responseObject({ items: v.array(ArtifactSchema) });

/** A presigned download address, valid 15 minutes. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const DownloadArtifactResponseSchema = responseObject({ url: v.string(), expiresAt: v.string() });

/** What the API key is; the user fields are omitted for service-account and team keys. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ApiKeyInfoSchema = responseObject({
  apiKeyName: v.string(),
  createdAt: v.string(),
  userId: v.optional(v.number()),
  userEmail: v.optional(v.string()),
  userFirstName: v.optional(v.string()),
  userLastName: v.optional(v.string()),
});

/** A parameter a model accepts, with its allowed values. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ModelParameterDefinitionSchema = responseObject({
  id: v.string(),
  displayName: v.optional(v.string()),
  values: v.array(responseObject({ value: v.string(), displayName: v.optional(v.string()) })),
});

/** A named parameter combination of a model; `isDefault` marks the one used without params. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ModelVariantSchema = responseObject({
  params: v.array(responseObject({ id: v.string(), value: v.string() })),
  displayName: v.string(),
  description: v.optional(v.string()),
  isDefault: v.optional(v.boolean()),
});

/** A model the key may use. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ModelListItemSchema = responseObject({
  id: v.string(),
  displayName: v.string(),
  description: v.optional(v.string()),
  aliases: v.optional(v.array(v.string())),
  parameters: v.optional(v.array(ModelParameterDefinitionSchema)),
  variants: v.optional(v.array(ModelVariantSchema)),
});

/** The model list. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ListModelsResponseSchema = responseObject({ items: v.array(ModelListItemSchema) });

/** A repository the key can reach. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const RepositorySchema = responseObject({ url: v.string() });

/** The repository list. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const ListRepositoriesResponseSchema = responseObject({ items: v.array(RepositorySchema) });

/** A short-lived (1 hour) token scoped to one team member. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export const CreateSubTokenResponseSchema = responseObject({
  accessToken: v.string(),
  expiresAt: v.string(),
  userId: v.number(),
  teamId: v.number(),
});

/** Token counts. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export type UsageTokenUsage = v.InferOutput<typeof UsageTokenUsageSchema>;
/** An artifact. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export type Artifact = v.InferOutput<typeof ArtifactSchema>;
/** API key info. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export type ApiKeyInfo = v.InferOutput<typeof ApiKeyInfoSchema>;
/** A model list entry. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export type ModelListItem = v.InferOutput<typeof ModelListItemSchema>;
/** A repository. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Response bodies) */
export type Repository = v.InferOutput<typeof RepositorySchema>;
