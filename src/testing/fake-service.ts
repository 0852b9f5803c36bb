import { requireOptions } from "../core/arguments.js";
import type { FakeAdmin } from "./admin/controls.js";
import { createAdminService } from "./admin/service.js";
import { RateBudget } from "./agents/rate-budget.js";
import { createAgentsService } from "./agents/service.js";
import { callerSignal, rememberCallerSignal } from "./caller-signal.js";
import { abortable, abortReason } from "./clock.js";
import {
  type Fault,
  type FaultHandle,
  FaultRegistry,
  isStreamFault,
  type RateLimitFault,
  type ServerErrorFault,
  type StreamFault,
} from "./faults.js";
import type { FakeForge } from "./forge/controls.js";
import { createForgeService } from "./forge/service.js";
import { createIdSource } from "./ids.js";
import { checkFakeServiceOptions } from "./option-checks.js";
import { type FakeServiceOptions, resolveOptions } from "./options.js";
import { type LoggedRequest, parseBody, redactBody, redactHeaders } from "./request-log.js";
import { errorReply, type Reply, toResponse } from "./responses.js";
import type { RequestBody } from "./router.js";

/** The fake Cloud Agents service: a `fetch` to inject into clients, fault controls and a request log. */
export interface FakeService {
  /** Answers like the real service; usable directly as `fetch` (it is bound). Relative URLs resolve against `baseUrl`. */
  readonly fetch: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** Faults on demand: each hits the next `times` requests matching its route. */
  readonly faults: { add(fault: Fault): FaultHandle; clear(): void };
  /** Every request received, oldest first, with credentials and secret values redacted. */
  readonly requests: readonly LoggedRequest[];
  /** The origin used in agent `url` fields and artifact links. */
  readonly baseUrl: string;
  /** The Team Admin and Organization APIs (paths without /v1): stats, seeded data, controls. */
  readonly admin: FakeAdmin;
  /** The Code Forge API under `/v1/forge`: seeded apps, installations, keys, controls. */
  readonly forge: FakeForge;
  /** Forgets all agents, runs, faults and logged requests, and re-seeds the admin data. */
  reset(): void;
}

const encoder = new TextEncoder();

/** What a dropped connection looks like to a `fetch` caller (undici's message). */
function networkError(kind: string): TypeError {
  return new TypeError("fetch failed", {
    cause: new Error(`The fake service dropped the connection (${kind} fault).`),
  });
}

function rateLimitReply(fault: RateLimitFault, now: number): Reply {
  const seconds = fault.retryAfterSeconds ?? 1;
  const resetSeconds = Math.ceil((now + seconds * 1000) / 1000);
  const retryAfter = fault.retryAfterDate ? new Date(resetSeconds * 1000).toUTCString() : String(seconds);
  return errorReply(429, "rate_limit_exceeded", `Rate limit exceeded; retry in ${seconds} s.`, {
    "retry-after": retryAfter,
    "x-ratelimit-remaining": "0",
    "x-ratelimit-reset": String(resetSeconds),
  });
}

function serverErrorReply(fault: ServerErrorFault): Reply {
  const status = fault.status ?? 500;
  if (status === 500) return errorReply(500, "internal_error", "Internal error (injected by the fake service).");
  return errorReply(status, "upstream_error", `Upstream error ${status} (injected by the fake service).`);
}

function toRequest(input: Request | string | URL, init: RequestInit | undefined, baseUrl: string): Request {
  if (typeof input === "string" && !/^[a-z][a-z0-9+.-]*:/i.test(input))
    return new Request(new URL(input, baseUrl), init);
  // A Request passed alone is used as it is: copying one that carries a signal is costly (and a
  // server never copies what it receives).
  if (input instanceof Request && init === undefined) return input;
  return new Request(input, init);
}

/**
 * Creates an in-memory, spec-faithful Cloud Agents service behind a `fetch` function.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API)
 */
export function createFakeService(given: FakeServiceOptions = {}): FakeService {
  const options = requireOptions<FakeServiceOptions>(
    given,
    "createFakeService",
    '`{ apiKeys: ["test-key"] }` (or no argument)',
  );
  checkFakeServiceOptions(options as Record<string, unknown>);
  const resolved = resolveOptions(options);
  const ids = createIdSource(resolved.randomUUID);
  const agents = createAgentsService(resolved, ids);
  const faults = new FaultRegistry();
  const budget = new RateBudget();
  const log: LoggedRequest[] = [];
  const admin = createAdminService(options, resolved.teamId, resolved.now);
  const forge = createForgeService(options.forge, resolved);

  function dispatch(request: Request, url: URL, body: RequestBody, now: number, fault: StreamFault | undefined) {
    if (admin.owns(url.pathname)) return admin.handle(request, url, body, now);
    if (forge.owns(url.pathname)) return forge.handle(request, url, body, now);
    return agents.handle(request, url, body, now, fault);
  }

  async function handle(request: Request): Promise<Response> {
    const signal = callerSignal(request);
    if (signal.aborted) throw abortReason(signal);
    const url = new URL(request.url);
    const method = request.method.toUpperCase();
    const text = await abortable(request.text(), signal);
    const body = parseBody(text);
    const entry: LoggedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: redactHeaders(request.headers),
      body: redactBody(body, encoder.encode(text).byteLength),
      at: resolved.now(),
    };
    log.push(entry);

    const plan = faults.take(method, url.pathname);
    if (plan.fault) entry.fault = plan.fault.kind;
    for (const latency of plan.latencies) await abortable(resolved.sleep(latency.ms, signal), signal);
    if (signal.aborted) throw abortReason(signal);
    if (plan.fault?.kind === "disconnect_before") throw networkError("disconnect_before");

    const now = resolved.now();
    const isAdmin = admin.owns(url.pathname);
    const isForge = forge.owns(url.pathname);
    const common = { "x-request-id": ids.requestId(), ...(isAdmin || isForge ? {} : budget.consume(now)) };
    let result: Reply;
    if (plan.fault?.kind === "rate_limit") result = rateLimitReply(plan.fault, now);
    else if (plan.fault?.kind === "server_error") result = serverErrorReply(plan.fault);
    else {
      const streamFault = plan.fault && isStreamFault(plan.fault) ? plan.fault : undefined;
      result = await dispatch(request, url, body, now, streamFault);
    }
    if (isAdmin && plan.fault) result = admin.adaptFaultReply(result);
    if (isForge && plan.fault) result = forge.adaptFaultReply(result, request);

    // Applied, answered, and then lost on the way back: the caller cannot tell whether it happened.
    if (plan.fault?.kind === "disconnect_after") {
      await result.stream?.cancel();
      throw networkError("disconnect_after");
    }
    return toResponse(result, common);
  }

  return {
    fetch: (input, init) => {
      try {
        const request = toRequest(input, init, resolved.baseUrl);
        if (request !== input)
          rememberCallerSignal(request, init?.signal ?? (input instanceof Request ? input.signal : undefined));
        return handle(request);
      } catch (error) {
        // `new Request` throws synchronously on a bad URL or init; fetch rejects instead.
        return Promise.reject(error);
      }
    },
    faults: { add: (fault) => faults.add(fault), clear: () => faults.clear() },
    requests: log,
    baseUrl: resolved.baseUrl,
    admin: admin.controls,
    forge: forge.controls,
    reset() {
      admin.reset();
      forge.reset();
      agents.reset();
      faults.clear();
      budget.reset();
      log.length = 0;
    },
  };
}
