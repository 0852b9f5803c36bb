// The entry modules the size bench bundles: what an app writes for one task with agentline, and the same task with
// an established SDK (the anchor). Each exports what it builds, so no bundler can drop it as dead code.

/** One entry module to bundle. */
export interface SizeSnippet {
  id: string;
  /** The package whose bytes must appear in the bundle (proof that the snippet measured it). */
  package: string;
  /** Names the bundle must still export. */
  exports: readonly string[];
  code: string;
}

/** A size goal in min+gzip bytes: for the whole bundle, or for what it adds over another scenario's. */
export type SizeGoal = { gzipAtMost: number } | { gzipAtMost: number; over: string };

/** An agentline scenario, with its goal and the anchor measured beside it. */
export interface SizeScenario extends SizeSnippet {
  label: string;
  goal: SizeGoal;
  anchor?: string;
}

const agentsClient = `import { AgentsClient, initialRunState, reduceRunState } from "agentline";
const client = (apiKey) => new AgentsClient({ apiKey, baseUrl: "https://api.example.com" });
export function getAgent(apiKey) {
  return client(apiKey).agents.get("a");
}`;

const agentsStream = `${agentsClient}
export async function followRun(apiKey, agentId, runId) {
  let state = initialRunState;
  for await (const event of client(apiKey).runs.stream(agentId, runId)) state = reduceRunState(state, event);
  return state;
}`;

/** The anchors: the same task through openai, @octokit/core and standardwebhooks. */
export const ANCHORS: readonly SizeSnippet[] = [
  {
    id: "standardwebhooks",
    package: "standardwebhooks",
    exports: ["receive"],
    code: `import { Webhook } from "standardwebhooks";
export function receive(secret, payload, headers) {
  return new Webhook(secret).verify(payload, headers);
}`,
  },
  {
    id: "openai",
    package: "openai",
    exports: ["getModel"],
    code: `import OpenAI from "openai";
export function getModel(apiKey) {
  return new OpenAI({ apiKey, baseURL: "https://api.example.com/v1", dangerouslyAllowBrowser: true }).models.retrieve("m");
}`,
  },
  {
    id: "octokit",
    package: "@octokit/core",
    exports: ["getPull"],
    code: `import { Octokit } from "@octokit/core";
export function getPull(auth, pullNumber) {
  return new Octokit({ auth }).request("GET /repos/{owner}/{repo}/pulls/{pull_number}", {
    owner: "acme",
    repo: "web",
    pull_number: pullNumber,
  });
}`,
  },
];

/** The agentline scenarios of issue 13, in the order they build on each other. */
export const SCENARIOS: readonly SizeScenario[] = [
  {
    id: "webhooks",
    label: "verifyWebhook + ForgeKeys",
    package: "agentline",
    exports: ["receive"],
    goal: { gzipAtMost: 3072 },
    anchor: "standardwebhooks",
    code: `import { ForgeKeys, verifyWebhook } from "agentline/webhooks";
const keys = new ForgeKeys({ baseUrl: "https://forge.example.com" });
export function receive(request) {
  return verifyWebhook(request, { keys });
}`,
  },
  {
    id: "agents-get",
    label: "AgentsClient agents.get",
    package: "agentline",
    exports: ["getAgent"],
    goal: { gzipAtMost: 10240 },
    anchor: "openai",
    code: agentsClient,
  },
  {
    id: "agents-stream",
    label: "+ runs.stream + reduceRunState",
    package: "agentline",
    exports: ["getAgent", "followRun"],
    goal: { gzipAtMost: 14336 },
    code: agentsStream,
  },
  {
    id: "live-run",
    label: "+ watchRun + React useRun",
    package: "agentline",
    exports: ["getAgent", "followRun", "watch", "useRunStatus"],
    goal: { gzipAtMost: 4096, over: "agents-stream" },
    code: `import { useRun } from "agentline/react";
import { watchRun } from "agentline/reactive";
${agentsStream}
export function watch(apiKey, agentId, runId) {
  return watchRun(client(apiKey), agentId, runId);
}
export function useRunStatus(apiKey, agentId, runId) {
  return useRun(client(apiKey), agentId, runId).status;
}`,
  },
  {
    // Issue 15: a page with no key (a client on the relay) that also acts: the provider and the three mutation hooks,
    // with useRun taking the provider's client. Measured over "live-run" (useRun alone).
    id: "live-run-writes",
    label: "+ relay-mode client + AgentlineProvider + useCreateAgent/useFollowUp/useCancelRun",
    package: "agentline",
    exports: ["getAgent", "followRun", "watch", "useRunStatus", "pageClient", "AgentlineProvider", "useWrites"],
    goal: { gzipAtMost: 2048, over: "live-run" },
    code: `import { AgentlineProvider, useCancelRun, useCreateAgent, useFollowUp, useRun } from "agentline/react";
import { watchRun } from "agentline/reactive";
${agentsStream}
export function watch(apiKey, agentId, runId) {
  return watchRun(client(apiKey), agentId, runId);
}
export function useRunStatus(apiKey, agentId, runId) {
  return useRun(client(apiKey), agentId, runId).status;
}
export const pageClient = () => new AgentsClient({ baseUrl: "/api/agents" });
export { AgentlineProvider };
export function useWrites(agentId, runId) {
  return [useCreateAgent(), useFollowUp(agentId), useCancelRun(agentId), useRun(agentId, runId).status];
}`,
  },
  {
    id: "forge-pull",
    label: "ForgeApp installation pulls.get",
    package: "agentline",
    exports: ["getPull"],
    goal: { gzipAtMost: 16384 },
    anchor: "octokit",
    code: `import { ForgeApp } from "agentline/forge";
export function getPull(privateKey, installationId, pullNumber) {
  const app = new ForgeApp({ appId: "app_1", privateKey, baseUrl: "https://forge.example.com" });
  return app.installation(installationId).repo("acme", "web").pulls.get(pullNumber);
}`,
  },
];
