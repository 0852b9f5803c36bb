import * as v from "valibot";
import { argumentError } from "../../core/arguments.js";
import { lazySchema } from "../../core/lazy-schema.js";
import { booleanField, httpUrl, pathItem, requestObject, requiredText } from "../../core/request-fields.js";
import { atLeastOneOf, itemCount } from "../../core/request-rules.js";
import { FORGE_LIMITS } from "./limits.js";
import { PAGE_QUERY_ENTRIES } from "./page-query.js";
import { pemPublicKey, stringList, timestampField } from "./request-fields.js";

// Request bodies of app management, signing keys, token narrowing and webhook deliveries.

const APP_PLAIN_ENTRIES = /* @__PURE__ */ lazySchema(() => ({
  displayName: requiredText("`displayName`"),
  // An empty `webhookUrl` turns delivery off (and cancels pending deliveries for good).
  webhookUrl: httpUrl("`webhookUrl`", { allowEmpty: true }),
  description: v.string("[type] `description` must be a string"),
  websiteUrl: httpUrl("`websiteUrl`", { allowEmpty: true }),
}));

/** The body of POST /namespaces/{namespaceSlug}/apps: `displayName` and `publicKey` required. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CreateAppSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      displayName: APP_PLAIN_ENTRIES.displayName,
      publicKey: pemPublicKey("`publicKey`"),
      webhookUrl: v.optional(APP_PLAIN_ENTRIES.webhookUrl),
      events: v.optional(stringList("`events`")),
      description: v.optional(APP_PLAIN_ENTRIES.description),
      websiteUrl: v.optional(APP_PLAIN_ENTRIES.websiteUrl),
      installationRedirectUris: v.optional(stringList("`installationRedirectUris`")),
      defaultScopes: v.optional(stringList("`defaultScopes`")),
    },
    "the app",
  ),
);

// PATCH replaces these lists whole, so the wire wraps each one: `events: { events: [...] }`.
// @__NO_SIDE_EFFECTS__
function wrappedList<const TKey extends string>(field: string, key: TKey) {
  return v.pipe(
    v.custom<unknown>(
      (input) => !Array.isArray(input),
      `[wrapper] \`${field}\` replaces the whole list and must be wrapped: { ${key}: [...] } (send { ${key}: [] } to clear it)`,
    ),
    requestObject(
      { [key]: stringList(`\`${field}.${key}\``) } as { [K in TKey]: ReturnType<typeof stringList> },
      `\`${field}\``,
    ),
  );
}

const UPDATE_APP_FIELDS = [
  "displayName",
  "webhookUrl",
  "description",
  "websiteUrl",
  "events",
  "installationRedirectUris",
  "defaultScopes",
] as const;

/** The body of PATCH /apps/{appId}: at least one field; list fields wrapped for clean replacement. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const UpdateAppSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    requestObject(
      {
        displayName: v.optional(APP_PLAIN_ENTRIES.displayName),
        webhookUrl: v.optional(APP_PLAIN_ENTRIES.webhookUrl),
        description: v.optional(APP_PLAIN_ENTRIES.description),
        websiteUrl: v.optional(APP_PLAIN_ENTRIES.websiteUrl),
        events: v.optional(wrappedList("events", "events")),
        installationRedirectUris: v.optional(wrappedList("installationRedirectUris", "installationRedirectUris")),
        defaultScopes: v.optional(wrappedList("defaultScopes", "scopes")),
      },
      "the app update",
    ),
    atLeastOneOf(UPDATE_APP_FIELDS, "the app update"),
  ),
);

/** The body of POST /apps/{appId}/signing_keys: a PEM SPKI Ed25519 public key. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const SigningKeyRequestSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject({ publicKey: pemPublicKey("`publicKey`") }, "the signing key"),
);

/** The body of POST /app/installations/{id}/access_tokens: optional narrowing; empty or omitted inherits the grant. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const TokenNarrowingSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      scopes: v.optional(stringList("`scopes`")),
      repositoryIds: v.optional(
        v.array(
          requiredText("every entry of `repositoryIds`"),
          "[type] `repositoryIds` must be an array of id strings",
        ),
      ),
    },
    "the token request",
  ),
);

/** The body of POST /app/webhook/deliveries:batchRedeliver: 1..100 unique ids. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const RedeliverSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      deliveryIds: v.pipe(
        stringList("`deliveryIds`"),
        itemCount("`deliveryIds`", FORGE_LIMITS.minRedeliverIds, FORGE_LIMITS.maxRedeliverIds),
        v.rawCheck(({ dataset, addIssue }) => {
          const ids: unknown = dataset.value;
          if (!Array.isArray(ids)) return;
          const seen = new Set<unknown>();
          ids.forEach((id: unknown, index) => {
            if (!seen.has(id)) {
              seen.add(id);
              return;
            }
            addIssue({
              message: "[unique] `deliveryIds` repeats an id; pass the list through uniqueInOrder() first",
              path: [pathItem(ids, index, id)],
            });
          });
        }),
      ),
    },
    "the redeliver request",
  ),
);

/** The query of GET /app/webhook/deliveries. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export const ListDeliveriesQuerySchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      delivered: v.optional(booleanField("`delivered`")),
      eventType: v.optional(requiredText("`eventType`")),
      installationId: v.optional(requiredText("`installationId`")),
      createdAfter: v.optional(timestampField("`createdAfter`")),
      createdBefore: v.optional(timestampField("`createdBefore`")),
      ...PAGE_QUERY_ENTRIES,
    },
    "the delivery list query",
  ),
);

/**
 * The body of POST .../check-runs/{id}/annotations: 1..25 annotations. Only `message` (Markdown) and
 * `rawDetails` (plain text) are named by the spec; other annotation fields pass through.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants)
 */
export const AnnotationsSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      annotations: v.pipe(
        v.array(
          requestObject(
            {
              message: v.optional(v.string("[type] `message` must be a string")),
              rawDetails: v.optional(v.string("[type] `rawDetails` must be a string")),
            },
            "an annotation",
          ),
          "[type] `annotations` must be an array",
        ),
        itemCount("`annotations`", FORGE_LIMITS.minAnnotations, FORGE_LIMITS.maxAnnotations),
      ),
    },
    "the annotation batch",
  ),
);

/** Items in first-seen order without repeats: `["a", "b", "a"]` becomes `["a", "b"]`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export function uniqueInOrder<T>(items: Iterable<T>): T[] {
  if (typeof (items as Partial<Iterable<T>> | null | undefined)?.[Symbol.iterator] !== "function") {
    throw argumentError(items, "items", "uniqueInOrder", "an array (or another iterable) of ids");
  }
  return [...new Set(items)];
}

/** What `apps.create` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type CreateAppParams = v.InferInput<typeof CreateAppSchema>;
/** What `apps.update` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export type UpdateAppParams = v.InferInput<typeof UpdateAppSchema>;
/** What `apps.signingKeys.create` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export type SigningKeyParams = v.InferInput<typeof SigningKeyRequestSchema>;
/** What an installation token mint accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export type TokenNarrowingParams = v.InferInput<typeof TokenNarrowingSchema>;
/** What `deliveries.redeliver` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export type RedeliverParams = v.InferInput<typeof RedeliverSchema>;
/** What `deliveries.list` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export type ListDeliveriesParams = v.InferInput<typeof ListDeliveriesQuerySchema>;
/** What `annotations.append` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export type AnnotationsParams = v.InferInput<typeof AnnotationsSchema>;
