import type * as v from "valibot";
import { ApiPromise, type WithResponse } from "../core/api-promise.js";
import { AgentlineError } from "../core/errors.js";
import type { CallOptions } from "../core/options.js";
import { PagePromise } from "../core/pagination.js";
import { parseResponse } from "../core/schema.js";
import type { QueryValue } from "../core/transport.js";
import type { ForgePage, ForgeRequester } from "./forge-client.js";
import type { ForgeCredentialKind } from "./routes/route.js";
import { type ForgeRepoRef, type ForgeRoute, type ForgeRouteName, fillForgePath } from "./routes.js";

/** What every forge resource shares: the requester and the resolved routes table. */
export interface ForgeContext {
  requester: ForgeRequester;
  routes: Record<ForgeRouteName, ForgeRoute>;
}

/** One call of a routes-table operation. */
export interface ForgeCall<S extends v.GenericSchema | undefined> {
  route: ForgeRouteName;
  operation: string;
  repository?: ForgeRepoRef | undefined;
  pathParams?: Record<string, string>;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  schema: S;
  options?: CallOptions | undefined;
}

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : unknown;

/**
 * Whether a call may be repeated after an ambiguous failure, per the route's class: merges and
 * commits from files only when they carry `expectedHeadSha` (a repeat then fails instead of applying twice).
 */
export function isIdempotent(route: ForgeRoute, body: unknown): boolean {
  if (route.idempotent === "with-expected-head-sha") {
    return typeof (body as { expectedHeadSha?: unknown } | undefined)?.expectedHeadSha === "string";
  }
  return route.idempotent;
}

/**
 * Refuses, before the network, an operation whose route does not accept the client's credential (a mirror transition
 * needs a user; an installation token cannot do it): the forge would answer 401/403 after the points were spent.
 */
export function refuseWrongCredential(
  route: ForgeRoute,
  kind: ForgeCredentialKind | undefined,
  operation: string,
): void {
  if (kind === undefined || route.credentials.includes(kind)) return;
  const accepted = route.credentials.map((each) => CREDENTIAL_NAMES[each]).join(" or ");
  const hint = route.credentials.includes("user")
    ? "use `new ForgeClient({ token: userToken, baseUrl })`"
    : "use `ForgeApp.installation(id)`";
  throw new AgentlineError(
    `\`${operation}\` needs ${accepted}; this client holds ${CREDENTIAL_NAMES[kind]}: ${hint}.`,
    { code: "wrong_credential" },
  );
}

const CREDENTIAL_NAMES: Record<ForgeCredentialKind, string> = {
  app: "an app JWT",
  installation: "an installation token",
  user: "a user token",
};

/** Sends one forge operation and parses its answer. */
export function forgeSend<S extends v.GenericSchema | undefined>(
  context: ForgeContext,
  call: ForgeCall<S>,
): Promise<WithResponse<Output<S>>> {
  const route = context.routes[call.route];
  refuseWrongCredential(route, context.requester.credentialKind, call.operation);
  return context.requester.send({
    operation: call.operation,
    route: call.route,
    method: route.method,
    path: fillForgePath(route.path, call.pathParams ?? {}, call.repository, call.operation),
    query: call.query,
    body: call.body,
    idempotent: isIdempotent(route, call.body),
    options: call.options,
    parse: (json) => (call.schema ? parseResponse(call.schema, json, call.operation) : json) as Output<S>,
  });
}

/** {@link forgeSend} as an awaitable {@link ApiPromise}; validation errors become rejections. */
export function forgeCall<S extends v.GenericSchema | undefined>(
  context: ForgeContext,
  build: () => ForgeCall<S>,
): ApiPromise<Output<S>> {
  return ApiPromise.from(() => forgeSend(context, build()));
}

/**
 * A `pageToken` list (`nextPageToken` empty on the last page) with the same await / `for await` /
 * `.pages()` surface as every other list.
 */
export function forgeList<S extends v.GenericSchema, Item>(
  context: ForgeContext,
  build: () => ForgeCall<S>,
  itemsOf: (page: Output<S>) => Item[],
): PagePromise<Item, ForgePage<Item>> {
  return new PagePromise(async (cursor) => {
    const call = build();
    const result = await forgeSend(context, { ...call, query: { ...call.query, pageToken: cursor } });
    const next = (result.data as { nextPageToken?: unknown }).nextPageToken;
    return {
      ...result,
      data: { items: itemsOf(result.data), nextCursor: typeof next === "string" && next !== "" ? next : undefined },
    };
  });
}
