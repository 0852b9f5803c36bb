import { AGENT_LIMITS } from "../../agents/schemas/constants.js";
import { isoTime } from "../clock.js";
import { HttpFailure, type Reply, reply } from "../responses.js";
import type { AgentsHandler, AgentsRouteContext as RouteContext } from "./router.js";
import { progressAt } from "./run-script.js";
import type { AgentRecord } from "./store.js";

/** Presigned download addresses are valid 15 minutes. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Limits) */
const DOWNLOAD_VALIDITY_MS = 15 * 60 * 1000;

interface FakeArtifact {
  path: string;
  sizeBytes: number;
  updatedAt: number;
}

const encoder = new TextEncoder();

/** Each FINISHED run leaves `runs/<runId>/result.md` holding its result; newest first, at most 100. */
function artifactsAt(agent: AgentRecord, now: number): FakeArtifact[] {
  const artifacts: FakeArtifact[] = [];
  for (const run of agent.runs) {
    const progress = progressAt(run.timeline, now);
    if (progress.status !== "FINISHED" || progress.result === undefined) continue;
    artifacts.push({
      path: `runs/${run.id}/result.md`,
      sizeBytes: encoder.encode(progress.result).byteLength,
      updatedAt: progress.updatedAt,
    });
  }
  return artifacts.reverse().slice(0, AGENT_LIMITS.maxArtifacts);
}

function listArtifacts(context: RouteContext): Reply {
  const agent = context.store.requireAgent(context.params.agentId ?? "");
  const items = artifactsAt(agent, context.now).map((a) => ({
    path: a.path,
    sizeBytes: a.sizeBytes,
    updatedAt: isoTime(a.updatedAt),
  }));
  return reply({ items });
}

function downloadArtifact(context: RouteContext): Reply {
  const agent = context.store.requireAgent(context.params.agentId ?? "");
  const path = String(context.query.path);
  if (!artifactsAt(agent, context.now).some((a) => a.path === path)) {
    throw new HttpFailure(404, "artifact_not_found", `Agent ${agent.id} has no artifact at ${JSON.stringify(path)}.`);
  }
  const expiresAt = context.now + DOWNLOAD_VALIDITY_MS;
  const url = `${context.options.baseUrl}/artifact-downloads/${encodeURIComponent(agent.id)}/${path
    .split("/")
    .map(encodeURIComponent)
    .join("/")}?expires=${Math.floor(expiresAt / 1000)}`;
  return reply({ url, expiresAt: isoTime(expiresAt) });
}

/** The artifact operations at their assumed paths. */
export const artifactsHandlers = {
  "agents.listArtifacts": listArtifacts,
  "agents.downloadArtifact": downloadArtifact,
} satisfies Record<string, AgentsHandler>;
