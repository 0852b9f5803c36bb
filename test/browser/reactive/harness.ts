// What the adapters' browser tests share: the fake service running in the page, a client on it whose fetches are
// counted while open, and a recorder of what a mounted component shows over time.
import { AgentsClient, foldRunEvents, type RunEvent, type RunState } from "../../../src/agents/index.js";
import { createFakeService, type RunScriptOptions } from "../../../src/testing/index.js";
import { trackFetch } from "../../unit/reactive/helpers.js";

export const STREAM_ROUTE = "GET /v1/agents/:id/runs/:runId/stream";

/** A run that shows text arriving, two tool calls and a result within about a second of real time. */
export const LIVE_RUN: RunScriptOptions = { creatingMs: 150, runningMs: 900, assistantChunks: 5, toolCalls: 2 };

/** A run whose 1,000 text chunks all become due at one instant, while the stream is open: a burst. */
export const BURST_RUN: RunScriptOptions = { creatingMs: 300, runningMs: 0, assistantChunks: 1_000, toolCalls: 0 };

/** The fake service in the page (real timers), a client on it, and a run started with `script`. */
export async function startRun(script: RunScriptOptions) {
  const fake = createFakeService({ run: script });
  const tracked = trackFetch(fake.fetch);
  // Reconnections wait 20 ms instead of about a second, so a dropped stream resumes quickly.
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, Math.min(ms, 20));
      signal?.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(signal.reason);
      });
    });
  const client = new AgentsClient({
    apiKey: "test-key",
    baseUrl: "http://127.0.0.1:9",
    fetch: tracked.fetch,
    sleep,
    dangerouslyAllowBrowser: true,
  });
  const { agent, run } = await client.agents.create({ prompt: { text: "live view" } });
  const streamRequests = () => fake.requests.filter((request) => request.path.endsWith("/stream"));
  return { fake, client, agentId: agent.id, runId: run.id, open: tracked.open, streamRequests };
}

/** What a bare `runs.stream()` folds the ended run to: the state a component must end up showing. */
export async function referenceState(client: AgentsClient, agentId: string, runId: string): Promise<RunState> {
  const events: RunEvent[] = [];
  for await (const event of client.runs.stream(agentId, runId)) events.push(event);
  return foldRunEvents(events);
}

/** One moment of what the component shows. */
export interface Frame {
  text: string;
  tools: string[];
  connection: string;
}

/** Reads the test ids every LiveRun component renders. */
function frameOf(root: HTMLElement): Frame {
  const text = root.querySelector("[data-testid=text]")?.textContent ?? "";
  const tools = [...root.querySelectorAll("[data-testid=tools] li")].map((item) => item.textContent ?? "");
  const connection = root.querySelector("[data-testid=connection]")?.textContent ?? "";
  return { text, tools, connection };
}

/** Records each distinct frame the component shows, as the DOM changes. */
export function recordFrames(root: HTMLElement): { frames: Frame[]; stop: () => void } {
  const frames: Frame[] = [frameOf(root)];
  const observer = new MutationObserver(() => {
    const frame = frameOf(root);
    const last = frames.at(-1);
    if (JSON.stringify(frame) !== JSON.stringify(last)) frames.push(frame);
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  return { frames, stop: () => observer.disconnect() };
}

/** True when no frame takes anything back: text only grows, and no tool call disappears or reverts. */
export function isGlitchFree(frames: readonly Frame[]): boolean {
  return frames.every((frame, index) => {
    const previous = frames[index - 1];
    if (!previous) return true;
    if (!frame.text.startsWith(previous.text)) return false;
    if (frame.tools.length < previous.tools.length) return false;
    return previous.tools.every((tool, at) => !tool.endsWith("completed") || frame.tools[at] === tool);
  });
}

/** The connection states shown once the view was first live: a resumed drop never shows `connecting` or `idle`. */
export function statesAfterLive(frames: readonly Frame[]): Set<string> {
  const first = frames.findIndex((frame) => frame.connection === "live");
  return new Set(frames.slice(Math.max(first, 0)).map((frame) => frame.connection));
}

/** Waits `ms` of real time. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The fake forge in the page, an installation client on it, and a way to post check runs on one commit. */
export async function startForge() {
  const { ForgeApp } = await import("../../../src/forge/forge-app.js");
  const { generateAppKeyPair } = await import("../../../src/forge/keys.js");
  const fake = createFakeService();
  const keys = await generateAppKeyPair();
  const { appId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey, install: false });
  const { installationId } = fake.forge.createInstallation({ appId, scopes: ["repository:checks:write"] });
  const app = new ForgeApp({
    appId,
    privateKey: keys.privateKey,
    baseUrl: "http://127.0.0.1:9",
    fetch: fake.fetch,
    dangerouslyAllowBrowser: true,
  });
  const forge = app.installation(installationId);
  const sha = "e".repeat(40);
  const post = (key: string, status: "queued" | "in_progress" | "completed", on = sha) =>
    forge.repo("acme", "web-app").checkRuns.post({
      sha: on,
      suite: { key: "ci", externalId: "build-1" },
      key,
      externalId: `${key}-1`,
      status,
      ...(status === "completed" ? { conclusion: "success" } : {}),
      externalUpdatedAt: new Date().toISOString(),
    });
  const polls = () =>
    fake.requests.filter((request) => request.method === "GET" && request.path.includes("/check-runs"));
  return { fake, forge, sha, post, polls };
}
