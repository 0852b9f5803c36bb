import type * as v from "valibot";
import type { AGENTS_OPERATIONS } from "../../agents/operations.js";
import { AGENT_LIMITS } from "../../agents/schemas/constants.js";
import { agentKey } from "../ids.js";
import type { FakeModel } from "../options.js";
import { paginate } from "../pagination.js";
import { HttpFailure, type Reply, reply } from "../responses.js";
import type { AgentsHandler, AgentsRouteContext as RouteContext } from "./router.js";
import type { RunGit, RunGitBranch } from "./run-script.js";
import { startRun } from "./runs-routes.js";
import type { AgentRecord, StoredRepo } from "./store.js";
import { agentSummaryView, agentView, runView } from "./views.js";

// A CreateAgentRequest as the entry's body schema has checked it.
type CreateAgentInput = v.InferOutput<(typeof AGENTS_OPERATIONS)["agents.create"]["body"]>;

/** A display name from the prompt's first line, at most 60 characters, cut at a word. */
export function deriveName(promptText: string): string | undefined {
  const line = promptText.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  const text = line.replace(/\s+/g, " ").trim();
  if (text.length <= 60) return text === "" ? undefined : text;
  const cut = text.slice(0, 59);
  const space = cut.lastIndexOf(" ");
  return `${(space > 20 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

function findModel(models: readonly FakeModel[], id: string): FakeModel | undefined {
  return models.find((m) => m.id === id || (m.aliases ?? []).includes(id));
}

/** 400 invalid_model unless the model (and each parameter value) is in the model list. */
function checkModel(models: readonly FakeModel[], ref: unknown, path: string): void {
  if (ref === undefined || ref === "inherit") return;
  const id = typeof ref === "string" ? ref : (ref as { id: string }).id;
  const model = findModel(models, id);
  if (!model)
    throw new HttpFailure(400, "invalid_model", `${path}: ${JSON.stringify(id)} is not a model from GET /v1/models.`);
  const params = typeof ref === "string" ? [] : ((ref as CreateAgentInput["model"])?.params ?? []);
  for (const param of params) {
    const definition = (model.parameters ?? []).find((p) => p.id === param.id);
    if (!definition?.values.some((v) => v.value === param.value)) {
      throw new HttpFailure(
        400,
        "invalid_model",
        `${path}.params: model ${model.id} does not support ${param.id}=${param.value}.`,
      );
    }
  }
}

function stripScheme(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
}

function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 30)
      .replace(/-+$/, "") || "task"
  );
}

/** The branches an agent will push: one per repo ("stacked agents return one entry per branch"). */
function planGit(input: CreateAgentInput, id: string, seq: number, repos: StoredRepo[]): RunGit | undefined {
  if (repos.length === 0) return undefined;
  const shortId = id.replace(/^bc-/, "").slice(0, 8);
  const branches = repos.map((repo, index): RunGitBranch => {
    const repoUrl = stripScheme(repo.url);
    const prNumber = /\/pull\/(\d+)/.exec(repo.prUrl ?? "")?.[1];
    let branch: string;
    if (input.workOnCurrentBranch) branch = prNumber ? `pr-${prNumber}-head` : (repo.startingRef ?? "main");
    else branch = `service/${slug(input.name ?? input.prompt.text)}-${shortId}`;
    const entry: RunGitBranch = { repoUrl, branch };
    if (repo.prUrl) entry.prUrl = repo.prUrl;
    else if (input.autoCreatePR) entry.prUrl = `https://${repoUrl.replace(/\.git$/, "")}/pull/${seq * 10 + index + 1}`;
    return entry;
  });
  return { branches };
}

function storedEnv(env: CreateAgentInput["env"], pools: readonly string[]): AgentRecord["env"] {
  if (!env) return { type: "cloud" };
  if (env.type === "pool") {
    const name = env.name ?? "default";
    if (!pools.includes(name))
      throw new HttpFailure(400, "validation_error", `env.name: there is no pool named ${JSON.stringify(name)}.`);
    return { type: "pool", name };
  }
  return env.name === undefined ? { type: env.type } : { type: env.type, name: env.name };
}

function createAgent(context: RouteContext): Reply {
  const { store, options, now } = context;
  const input = context.body as CreateAgentInput;
  checkModel(options.models, input.model, "model");
  for (const [index, subagent] of (input.customSubagents ?? []).entries()) {
    checkModel(options.models, subagent.model, `customSubagents[${index}].model`);
  }
  const env = storedEnv(input.env, options.pools);

  const id = input.agentId ?? context.ids.agentId();
  if (store.usedAgentIds.has(agentKey(id))) {
    throw new HttpFailure(409, "agent_id_conflict", `An agent with id ${id} was already created; pick a new agentId.`);
  }
  // envVars are deliberately dropped here: the fake never stores or echoes their values.
  const repos = (input.repos ?? []).map((repo): StoredRepo => {
    const stored: StoredRepo = { url: repo.url };
    if (repo.startingRef !== undefined) stored.startingRef = repo.startingRef;
    if (repo.prUrl !== undefined) stored.prUrl = repo.prUrl;
    return stored;
  });
  const seq = store.nextSeq();
  const plannedGit = planGit(input, id, seq, repos);
  const name = input.name ?? deriveName(input.prompt.text);
  const agent: AgentRecord = {
    id,
    seq,
    env,
    repos,
    workOnCurrentBranch: input.workOnCurrentBranch ?? false,
    autoCreatePR: input.autoCreatePR ?? false,
    skipReviewerRequest: input.skipReviewerRequest ?? false,
    createdAt: now,
    updatedAt: now,
    archived: false,
    runs: [],
    ...(plannedGit ? { plannedGit } : {}),
  };
  if (name !== undefined) agent.name = name;
  if (input.customSubagents !== undefined) agent.customSubagents = structuredClone(input.customSubagents);
  store.usedAgentIds.add(agentKey(id));
  store.agents.set(agentKey(id), agent);
  const run = startRun(context, agent, input.prompt.text);
  return reply({ agent: agentView(agent, options.baseUrl), run: runView(run, agent, now) }, 201);
}

function listAgents(context: RouteContext): Reply {
  const {
    limit = AGENT_LIMITS.defaultPageSize,
    cursor,
    prUrl,
    includeArchived = true,
  } = context.query as {
    limit?: number;
    cursor?: string;
    prUrl?: string;
    includeArchived?: boolean;
  };
  const agents = context.store
    .agentsNewestFirst()
    .filter((agent) => includeArchived || !agent.archived)
    .filter((agent) => prUrl === undefined || agent.repos.some((repo) => repo.prUrl === prUrl));
  const page = paginate(agents, "agents", limit, cursor);
  const items = page.items.map((agent) => agentSummaryView(agent, context.options.baseUrl));
  return reply(page.nextCursor === undefined ? { items } : { items, nextCursor: page.nextCursor });
}

function setArchived(context: RouteContext, archived: boolean): Reply {
  const agent = context.store.requireAgent(context.params.agentId ?? "");
  // Both moves are idempotent: archiving an archived agent (or the reverse) changes nothing.
  if (agent.archived !== archived) {
    agent.archived = archived;
    agent.updatedAt = context.now;
  }
  return reply({ id: agent.id });
}

/** The agent operations: create, list, get, delete, archive and (assumed path) unarchive. */
export const agentsHandlers = {
  "agents.create": createAgent,
  "agents.list": listAgents,
  "agents.get": (context) =>
    reply(agentView(context.store.requireAgent(context.params.agentId ?? ""), context.options.baseUrl)),
  "agents.delete": (context) => {
    const agent = context.store.requireAgent(context.params.agentId ?? "");
    context.store.agents.delete(agentKey(agent.id));
    return reply({ id: agent.id });
  },
  "agents.archive": (context) => setArchived(context, true),
  "agents.unarchive": (context) => setArchived(context, false),
} satisfies Record<string, AgentsHandler>;
