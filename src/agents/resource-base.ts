import type * as v from "valibot";
import { ApiPromise, type WithResponse } from "../core/api-promise.js";
import type { CallOptions } from "../core/options.js";
import { fillPath } from "../core/paths.js";
import { parseResponse } from "../core/schema.js";
import type { QueryValue, RequestSpec, Transport } from "../core/transport.js";
import type { AgentsRouteName, Route } from "./routes.js";

/** What each resource shares: the transport and the resolved routes table. */
export interface AgentsContext {
  transport: Transport;
  routes: Record<AgentsRouteName, Route>;
}

/** One call of a routes-table operation. */
export interface OperationCall<S extends v.GenericSchema | undefined> {
  route: AgentsRouteName;
  operation: string;
  pathParams?: Record<string, string>;
  query?: Record<string, QueryValue> | undefined;
  body?: unknown;
  idempotent?: boolean;
  idempotencyKey?: string | undefined;
  /** Answer as soon as headers arrive, body unread (event streams). */
  stream?: boolean | undefined;
  /** The response schema; `undefined` keeps the body as it came. */
  schema: S;
  /** A final error the caller resolves into success (logged as `resolved`, not as a failure). */
  resolvesError?: ((error: unknown) => boolean) | undefined;
  options?: CallOptions | undefined;
}

type Output<S> = S extends v.GenericSchema ? v.InferOutput<S> : unknown;

/** Builds the transport request for a routes-table operation and parses its answer. */
export function send<S extends v.GenericSchema | undefined>(
  context: AgentsContext,
  call: OperationCall<S>,
): Promise<WithResponse<Output<S>>> {
  const route = context.routes[call.route];
  const spec: RequestSpec<Output<S>> = {
    operation: call.operation,
    method: route.method,
    path: fillPath(route.path, call.pathParams ?? {}, call.operation),
    query: call.query,
    body: call.body,
    idempotent: call.idempotent,
    idempotencyKey: call.idempotencyKey,
    stream: call.stream,
    resolvesError: call.resolvesError,
    options: call.options,
    parse: (json) => (call.schema ? parseResponse(call.schema, json, call.operation) : json) as Output<S>,
  };
  return context.transport.request(spec);
}

/** {@link send}, wrapped as an awaitable {@link ApiPromise}; synchronous validation errors become rejections. */
export function call<S extends v.GenericSchema | undefined>(
  context: AgentsContext,
  build: () => OperationCall<S>,
): ApiPromise<Output<S>> {
  return ApiPromise.from(() => send(context, build()));
}
