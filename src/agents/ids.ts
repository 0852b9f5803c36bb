import { argumentError } from "../core/arguments.js";

/** What a client-supplied agent id must match: `bc-` and a UUID, hex in either case. @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies) */
export const AGENT_ID_PATTERN = /^bc-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A fresh agent id, `bc-<uuid>`, for `agentId` on create (re-posting it after a lost response then gives
 * 409 agent_id_conflict instead of a second agent). Pass `randomUUID` to make it deterministic in tests.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Request bodies)
 */
export function generateAgentId(randomUUID: () => string = () => crypto.randomUUID()): string {
  if (typeof randomUUID !== "function") {
    throw argumentError(randomUUID, "randomUUID", "generateAgentId", "a function returning a UUID, or omitted");
  }
  return `bc-${randomUUID()}`;
}
