import { ADMIN_OPERATIONS, type AdminOperation, type AdminOperationName } from "../../admin/operations.js";
import { optionsObject } from "../../core/arguments.js";
import { expectFakeArgument, fakeArgumentError } from "../argument-errors.js";
import { type Clock, isoTime } from "../clock.js";
import { checkAdminSeed } from "../option-checks.js";
import { matchPath } from "../path-match.js";
import type { Reply } from "../responses.js";
import type { RequestBody } from "../router.js";
import { authenticateAdmin } from "./auth.js";
import type { AdminHandler } from "./context.js";
import type { FakeAdmin } from "./controls.js";
import { AdminFailure, adminError } from "./failures.js";
import { ADMIN_HANDLERS } from "./handlers.js";
import { type AdminOrganizationKey, type AdminSeedOptions, type AdminTeamKey, resolveAdminOptions } from "./options.js";
import { AdminRateLimiter } from "./rate-limit.js";
import { checkAdminRequest } from "./request-check.js";
import { seedAdminState } from "./seed.js";
import type { AdminState, TeamState } from "./state.js";

/** The options of `createFakeService` the admin half reads. */
export interface AdminInput {
  teamKeys?: AdminTeamKey[];
  organizationKeys?: AdminOrganizationKey[];
  admin?: AdminSeedOptions;
}

/** The Team Admin and Organization APIs inside the fake: routing, auth, rate limits, handlers, controls. */
export interface AdminService {
  /** Whether a path belongs to these APIs (no /v1 prefix: /teams, /settings, /assistant-bot, /organizations). */
  owns(path: string): boolean;
  /** Answers one admin request. */
  handle(request: Request, url: URL, body: RequestBody, now: number): Reply;
  /** Rewrites an injected fault's `{error: {code, message}}` into the Admin API's `{code: 'error', message}`. */
  adaptFaultReply(reply: Reply): Reply;
  /** `fake.admin`. */
  readonly controls: FakeAdmin;
  /** Re-seeds at the clock's current instant and forgets rate windows and stats. */
  reset(): void;
}

const ADMIN_PATH = /^\/(?:teams|settings|assistant-bot|organizations)(?:\/|$)/;

interface TableEntry {
  name: AdminOperationName;
  route: AdminOperation;
  pattern: string;
  handler: AdminHandler;
}

function buildTable(): TableEntry[] {
  return (Object.entries(ADMIN_OPERATIONS) as Array<[AdminOperationName, AdminOperation]>).map(([name, route]) => {
    const handler = ADMIN_HANDLERS[name];
    if (!handler) throw new Error(`createFakeService: the fake has no handler for admin route ${name}.`);
    return { name, route, pattern: route.path.replace(/\{(\w+)\}/g, ":$1"), handler };
  });
}

/** Creates the admin half of the fake; options are checked now, data is seeded on first use. */
export function createAdminService(input: AdminInput, primaryTeamId: number, now: Clock): AdminService {
  const table = buildTable();
  let options = resolveAdminOptions(input, primaryTeamId);
  let limiter = new AdminRateLimiter(options.rateLimits);
  let anchor = now();
  let current: AdminState | undefined;
  const state = (): AdminState => {
    current ??= seedAdminState(options, anchor);
    return current;
  };
  const team = (teamId: number | undefined, operation: string): TeamState => {
    const id = teamId ?? options.primaryTeamId;
    const found = Number.isSafeInteger(id) ? state().teams.get(id) : undefined;
    if (!found) {
      const known = [...state().teams.keys()].join(", ");
      const given = typeof id === "number" ? `no team ${id}` : "`teamId` must be a team's number";
      throw fakeArgumentError(`fake.admin.${operation}: ${given}; known teams are ${known}.`);
    }
    return found;
  };
  const reset = (seed?: AdminSeedOptions) => {
    if (seed !== undefined) checkAdminSeed(optionsObject(seed, "seed"), "seed");
    if (seed) options = resolveAdminOptions({ ...input, admin: { ...input.admin, ...seed } }, primaryTeamId);
    limiter = new AdminRateLimiter(options.rateLimits);
    anchor = now();
    current = undefined;
  };

  function handle(request: Request, url: URL, body: RequestBody, at: number): Reply {
    limiter.countRequest();
    const method = request.method.toUpperCase();
    const allowed: string[] = [];
    let match: { entry: TableEntry; params: Record<string, string> } | undefined;
    for (const entry of table) {
      const params = matchPath(entry.pattern, url.pathname);
      if (params === undefined) continue;
      if (entry.route.method === method) {
        match = { entry, params };
        break;
      }
      allowed.push(entry.route.method);
    }
    if (!match) {
      if (allowed.length === 0) return adminError(404, `No route ${method} ${url.pathname}.`);
      return adminError(405, `${url.pathname} does not accept ${method}.`, "code", { allow: allowed.join(", ") });
    }
    const { entry, params } = match;
    try {
      const caller = authenticateAdmin(request, entry.route, options);
      const family = entry.route.family;
      if (family) {
        const principal = caller.kind === "team" ? `team:${caller.teamId}` : `organization:${caller.organizationId}`;
        if (!limiter.admit(principal, family, at)) {
          const limit = options.rateLimits === false ? 0 : options.rateLimits[family];
          return adminError(
            429,
            `Rate limit exceeded: ${limit} requests per minute for this route family; retry after 60 s.`,
            "code",
            {
              "retry-after": "60",
            },
          );
        }
      }
      const input = checkAdminRequest(entry.name, entry.route, params, url.searchParams, body);
      return entry.handler({
        route: entry.route,
        name: entry.name,
        input,
        params,
        caller,
        now: at,
        state: state(),
      });
    } catch (error) {
      if (error instanceof AdminFailure) return error.reply;
      throw error;
    }
  }

  const controls: FakeAdmin = {
    get stats() {
      return limiter.snapshot();
    },
    resetStats: () => limiter.resetStats(),
    get organizationId() {
      return options.organizationId;
    },
    get teamIds() {
      return [...state().organization.teamIds];
    },
    get primaryTeamId() {
      return options.primaryTeamId;
    },
    members: (teamId) =>
      team(teamId, "members").members.map((m) => ({
        userId: m.person.userId,
        numericId: m.person.id,
        email: m.person.email,
        name: m.person.name,
        role: m.role,
        isRemoved: m.isRemoved,
        spendLimitDollars: m.spendLimitDollars,
      })),
    auditEvents: (teamId) =>
      team(teamId, "auditEvents").audit.map((e) => ({
        event_id: e.eventId,
        timestamp: isoTime(e.timestamp),
        user_email: e.userEmail,
        event_type: e.eventType,
        application_type: e.applicationType,
        event_data: structuredClone(e.eventData),
      })),
    setModelAccessControl: (teamId, available) => {
      const found = team(teamId, "setModelAccessControl");
      expectFakeArgument(
        typeof available === "boolean",
        "fake.admin.setModelAccessControl: `available` must be a boolean.",
      );
      found.modelAccess.available = available;
    },
    reset,
    get state() {
      return state();
    },
  };

  return {
    owns: (path) => ADMIN_PATH.test(path),
    handle,
    adaptFaultReply(reply) {
      const body = reply.body as { error?: { message?: unknown } } | undefined;
      const message = body?.error?.message;
      return typeof message === "string" ? { ...reply, body: { code: "error", message } } : reply;
    },
    controls,
    reset: () => reset(),
  };
}
