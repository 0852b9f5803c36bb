import { argumentError } from "../core/arguments.js";
import { type RelayRedaction, relayError, relayFailure } from "./relay-answers.js";
import { readRelayBody } from "./relay-body.js";
import { relayCall } from "./relay-call.js";
import { isPreflight, preflightAnswer, withCors } from "./relay-cors.js";
import { bodyTypeRefusal, crossSiteRefusal } from "./relay-cross-site.js";
import { type AgentsRelayOptions, type ResolvedRelayOptions, resolveRelayOptions } from "./relay-options.js";
import { declaredQuery } from "./relay-query.js";
import { routeRelayRequest } from "./relay-route.js";
import { relayRunStream } from "./relay-stream.js";

/** A relay: a `fetch` handler as Workers, Deno, Bun, hono and Node adapters call it. */
export type AgentsRelay<Env = unknown, Ctx = unknown> = (request: Request, env?: Env, ctx?: Ctx) => Promise<Response>;

const isRequest = (value: unknown): value is Request =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Request).url === "string" &&
  typeof (value as Request).method === "string" &&
  typeof (value as Request).headers?.get === "function";

/**
 * A `fetch` handler that lets a page use the Cloud Agents API without holding the key: it serves the service's own
 * paths below `basePath`, each request routed by the client's operation table, refused unless its operation is
 * exposed (404, or 405 with `Allow`), a state-changing request another site could have sent is refused (a body not
 * declared JSON: 415; another origin: 403, see `allowedOrigins`, whose pages also get CORS), its body capped (413)
 * and read within `bodyTimeoutMs` (408), its query cut to the keys the operation declares (one of them repeated: 400),
 * `authorize` says yes (403), the operation's schemas accept it (400) — all before anything goes upstream — then
 * sent with the client's key and answered with the service's status and (redacted) body. Run streams are handed on
 * as the service sends them, one upstream connection per page connection with its `Last-Event-ID`, so the page's
 * client resumes a drop on either leg.
 *
 * ```ts
 * const relay = createAgentsRelay({ client, basePath: "/api/agents", authorize: (request, { agentId }) => … });
 * export default { fetch: relay };
 * ```
 * @see {@link https://github.com/agentline/agentline#put-a-run-in-a-page | README: Put a run in a page}
 */
export function createAgentsRelay<Env = unknown, Ctx = unknown>(
  options: AgentsRelayOptions<Env, Ctx>,
): AgentsRelay<Env, Ctx> {
  const relay = resolveRelayOptions<Env, Ctx>(options);
  const { transport } = relay.context;
  // The client's own redaction: its key in every encoding; in headers, anything credential-shaped too.
  const redact: RelayRedaction = {
    headers: (text) => transport.safeCause(text) as string,
    content: (text) => transport.withoutSecrets(text),
  };
  return async (request, env, ctx) => {
    if (!isRequest(request))
      throw argumentError(request, "request", "relay", "a Request (the handler's first argument)");
    const response = await handle(relay, redact, request, env as Env, ctx as Ctx);
    return withCors(response, request, relay.allowedOrigins);
  };
}

async function handle<Env, Ctx>(
  relay: ResolvedRelayOptions<Env, Ctx>,
  redact: RelayRedaction,
  request: Request,
  env: Env,
  ctx: Ctx,
): Promise<Response> {
  const url = new URL(request.url);
  const table = relay.context.operations;
  const route = routeRelayRequest(request.method, url.pathname, relay.basePath, table, relay.allowed);
  if (route.kind === "not_found") return relayError(404, "not_found", "No such operation here.");
  if (isPreflight(request)) {
    return preflightAnswer(request, relay.allowedOrigins, route.kind === "method_not_allowed" ? route.allow : []);
  }
  if (route.kind === "method_not_allowed") {
    const response = relayError(405, "method_not_allowed", `Use ${route.allow.join(" or ")} here.`);
    response.headers.set("allow", route.allow.join(", "));
    return response;
  }
  const { name, params } = route;
  const refusal = crossSiteRefusal(request, url, relay.allowedOrigins);
  if (refusal) return refusal;
  const body = await readRelayBody(request, relay.maxBodyBytes, relay.bodyTimeoutMs);
  if (body.kind === "too_large") {
    return relayError(413, "payload_too_large", `The request body exceeds ${relay.maxBodyBytes} bytes.`);
  }
  if (body.kind === "timeout") {
    return relayError(408, "request_timeout", `The request body did not arrive within ${relay.bodyTimeoutMs} ms.`);
  }
  if (body.kind === "broken") return relayError(400, "incomplete_body", "The request body broke off.");
  const typeRefusal = bodyTypeRefusal(request, body.kind !== "none");
  if (typeRefusal) return typeRefusal;
  if (body.kind === "invalid_json") return relayError(400, "validation_error", "The request body is not valid JSON.");
  const json = body.kind === "json" ? body.value : undefined;
  const query = declaredQuery(relay.context.operations[name], url.searchParams);
  if (query.kind === "repeated") {
    return relayError(400, "validation_error", `The query key \`${query.key}\` is given more than once.`);
  }
  const verdict = await relay.authorize(
    request,
    { operation: name, agentId: params.agentId, runId: params.runId, body: json },
    env,
    ctx,
  );
  if (verdict instanceof Response) return verdict;
  if (verdict !== true) return relayError(403, "forbidden", "Not allowed.");
  try {
    if (name === "runs.stream") {
      return await relayRunStream(relay.context, {
        agentId: params.agentId as string,
        runId: params.runId as string,
        lastEventId: request.headers.get("last-event-id") ?? undefined,
        signal: request.signal,
        keepAliveMs: relay.keepAliveMs,
        heartbeatTimeoutMs: relay.heartbeatTimeoutMs,
        redact,
      });
    }
    return await relayCall(relay.context, { name, params, body: json, query: query.query, request, redact });
  } catch (error) {
    return relayFailure(error);
  }
}
