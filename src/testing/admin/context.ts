import type { AdminOperation, AdminOperationName } from "../../admin/operations.js";
import type { Reply } from "../responses.js";
import type { AdminCaller } from "./auth.js";
import { AdminFailure, type Envelope, notFound } from "./failures.js";
import type { CheckedRequest } from "./request-check.js";
import type { AdminState, OrganizationState, TeamState } from "./state.js";

/** Everything an admin route handler gets. */
export interface AdminContext {
  route: AdminOperation;
  /** The operation's name (keys the page-size table). */
  name: AdminOperationName;
  /** Path, query and body as the operation's schemas parsed them: valid by the time the handler runs. */
  input: CheckedRequest;
  /** The raw path parameters (ids as strings). */
  params: Record<string, string>;
  caller: AdminCaller;
  /** Read once per request. */
  now: number;
  state: AdminState;
}

/** One admin operation's handler. */
export type AdminHandler = (context: AdminContext) => Reply;

/** A set of handlers keyed by {@link AdminOperationName}; the dispatcher checks every route has one. */
export type AdminHandlers = Partial<Record<AdminOperationName, AdminHandler>>;

/** The caller's team (team routes). */
export function teamOf(context: AdminContext): TeamState {
  if (context.caller.kind !== "team") throw new Error("teamOf: not a team route");
  const team = context.state.teams.get(context.caller.teamId);
  if (!team) throw new Error(`teamOf: team ${context.caller.teamId} was not seeded`);
  return team;
}

/** The caller's organization (organization routes); only the seeded one has teams. */
export function organizationOf(context: AdminContext): OrganizationState | undefined {
  if (context.caller.kind !== "organization") throw new Error("organizationOf: not an organization route");
  return context.caller.organizationId === context.state.organization.id ? context.state.organization : undefined;
}

/**
 * Checks a body's `organizationId` (its schema required a non-blank string) against the key: 403 when it names
 * another known organization, 404 when unknown. Returns the organization (empty for a key of another organization).
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Endpoints) (sync rules)
 */
export function requireOrganizationId(
  context: AdminContext,
  value: unknown,
  envelope: Envelope = "code",
): OrganizationState | undefined {
  if (context.caller.kind !== "organization") throw new Error("requireOrganizationId: not an organization route");
  if (typeof value !== "string" || !context.state.knownOrganizationIds.has(value))
    throw notFound(`Organization ${String(value)} was not found.`, envelope);
  if (value !== context.caller.organizationId)
    throw new AdminFailure(403, `This key belongs to another organization than ${value}.`, envelope);
  return organizationOf(context);
}

/** A linked team of the caller's organization, or `undefined`. */
export function linkedTeam(context: AdminContext, teamId: number): TeamState | undefined {
  const organization = organizationOf(context);
  if (!organization?.teamIds.includes(teamId)) return undefined;
  return context.state.teams.get(teamId);
}
