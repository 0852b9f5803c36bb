import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { effect } from "@preact/signals-core";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AgentsClient } from "../../../src/agents/index.js";
import {
  createMutation,
  followUpMutation,
  immediately,
  nextFrame,
  subscribeCoalesced,
  toObservable,
  watchAgent,
} from "../../../src/reactive/index.js";

// watchAgent and the agent mutations against a small Cloud Agents service written from the spec (Agent, Run,
// the run stream's `status` / `assistant` / `result` / `done` events), reached over real fetch on 127.0.0.1.

const AGENT = "bc-00000000-0000-0000-0000-000000000001";
const AT = "2026-11-28T10:00:00.000Z";

async function startAgents() {
  const state = {
    latestRunId: "run-1",
    runs: 1,
    requests: 0,
    open: 0,
    finish: new Set<string>(),
    holdReads: false,
    limited: false,
  };
  const heldReads: Array<() => void> = [];
  const agent = () => ({
    id: AGENT,
    status: "ACTIVE",
    env: { type: "cloud" },
    url: "https://example.test/agents/1",
    createdAt: AT,
    updatedAt: AT,
    latestRunId: state.latestRunId,
    repos: [],
  });
  const runOf = (id: string, status = "RUNNING") => ({ id, agentId: AGENT, status, createdAt: AT, updatedAt: AT });
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    state.requests++;
    state.open++;
    let closed = false;
    response.on("close", () => {
      if (!closed) {
        closed = true;
        state.open--;
      }
    });
    const path = new URL(request.url ?? "/", "http://x").pathname;
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify(body));
    };
    const stream = /^\/v1\/agents\/[^/]+\/runs\/([^/]+)\/stream$/.exec(path);
    if (request.method === "GET" && path === `/v1/agents/${AGENT}` && state.limited) {
      response.writeHead(429, { "content-type": "application/json", "retry-after": "1" });
      response.end(JSON.stringify({ error: { code: "rate_limit_exceeded", message: "slow down" } }));
    } else if (request.method === "GET" && path === `/v1/agents/${AGENT}`) {
      const answer = () => !closed && json(200, agent());
      if (state.holdReads) heldReads.push(answer);
      else answer();
    } else if (request.method === "POST" && path === `/v1/agents/${AGENT}/runs`) {
      request.resume();
      request.on("end", () => {
        const id = `run-${++state.runs}`;
        state.latestRunId = id;
        json(201, { run: runOf(id, "CREATING") });
      });
    } else if (request.method === "GET" && stream) {
      const runId = stream[1] as string;
      response.writeHead(200, { "content-type": "text/event-stream", "x-service-stream-retention-seconds": "3600" });
      response.write(`event: status\ndata: ${JSON.stringify({ runId, status: "RUNNING" })}\n\n`);
      response.write(`event: assistant\nid: ${runId}-1\ndata: ${JSON.stringify({ text: `hello from ${runId}` })}\n\n`);
      if (state.finish.has(runId)) {
        response.write(
          `event: result\nid: ${runId}-2\ndata: ${JSON.stringify({ runId, status: "FINISHED", text: "done" })}\n\n`,
        );
        response.end("event: done\ndata: {}\n\n");
      }
      // Otherwise the stream stays open, as a running run's does.
    } else json(404, { code: "agent_not_found", message: "unknown" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const client = new AgentsClient({ apiKey: "key_spec_server", baseUrl: `http://127.0.0.1:${port}`, maxRetries: 0 });
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const release = () => {
    for (const answer of heldReads.splice(0)) answer();
  };
  return { state, client, close, release };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(done: () => boolean, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) return false;
    await wait(5);
  }
  return true;
}
const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

let uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);
beforeEach(() => {
  uncaught = [];
  process.on("uncaughtException", onUncaught);
  process.on("unhandledRejection", onUncaught);
});
afterEach(() => {
  process.off("uncaughtException", onUncaught);
  process.off("unhandledRejection", onUncaught);
  vi.restoreAllMocks();
});

describe("watchAgent against a spec Cloud Agents service over real fetch", () => {
  it("a consumer that throws breaks no other consumer nor the follow-up switch, and raises nothing uncaught", async () => {
    const failures: string[] = [];
    for (const kind of ["effect", "observer", "coalesced-immediately", "coalesced-frame"] as const) {
      vi.spyOn(console, "error").mockImplementation(() => {});
      const service = await startAgents();
      const view = watchAgent(service.client, AGENT, { followIntervalMs: 20 });
      const bad = () => {
        throw new Error(`${kind} bug`);
      };
      let stopBad: () => void;
      if (kind === "effect")
        stopBad = effect(() => {
          if (view.assistantText.value) bad();
        });
      else if (kind === "observer") {
        const subscription = toObservable(view).subscribe(bad);
        stopBad = () => subscription.unsubscribe();
      } else
        stopBad = subscribeCoalesced(view.snapshot, bad, kind === "coalesced-immediately" ? immediately : nextFrame);
      const texts: string[] = [];
      const stopGood = effect(() => void texts.push(view.assistantText.value));
      if (!(await until(() => texts.includes("hello from run-1")))) failures.push(`${kind}: run-1 never shown`);
      const followUp = followUpMutation(service.client, AGENT);
      followUp.mutate({ prompt: { text: "more" } });
      if (!(await until(() => texts.includes("hello from run-2")))) failures.push(`${kind}: follow-up never shown`);
      stopBad();
      stopGood();
      view.dispose();
      await until(() => service.state.open === 0, 500);
      if (service.state.open) failures.push(`${kind}: ${service.state.open} open after dispose`);
      await service.close();
      if (uncaught.length) failures.push(`${kind}: ${uncaught.length} uncaught (${String(uncaught[0])})`);
      uncaught = [];
      vi.restoreAllMocks();
    }
    expect(failures).toEqual([]);
  });

  it("stopping mid-read or mid-stream leaves no open request, no timer, and asks nothing later", async () => {
    const failures: string[] = [];
    for (const stop of ["dispose", "unwatch", "unsubscribe observable"] as const)
      for (const moment of ["agent read in flight", "stream open", "between reads"] as const) {
        const service = await startAgents();
        if (moment === "between reads") service.state.finish.add("run-1");
        const baseline = timers();
        const view = watchAgent(service.client, AGENT, { followIntervalMs: 30 });
        let unwatch: () => void;
        if (stop === "unsubscribe observable") {
          const subscription = toObservable(view).subscribe({ next() {}, error() {} });
          unwatch = () => subscription.unsubscribe();
        } else unwatch = effect(() => void view.snapshot.value);
        if (moment === "agent read in flight") {
          service.state.holdReads = true;
          await until(() => service.state.requests > 0);
          await wait(10);
        } else if (moment === "stream open") await until(() => view.assistantText.value !== "");
        else await until(() => view.isTerminal.value);
        if (stop === "dispose") view.dispose();
        else unwatch();
        await wait(20);
        service.release();
        const requests = service.state.requests;
        await wait(120);
        const label = `${stop} while ${moment}`;
        if (service.state.open !== 0) failures.push(`${label}: ${service.state.open} open requests`);
        if (service.state.requests !== requests) failures.push(`${label}: ${service.state.requests - requests} later`);
        if (timers() > baseline) failures.push(`${label}: ${timers() - baseline} timers left`);
        if (stop === "dispose") unwatch();
        await service.close();
      }
    expect(failures).toEqual([]);
    expect(uncaught).toEqual([]);
  });

  it("a 429 with Retry-After holds the agent re-reads for that long, though the interval is shorter", async () => {
    const service = await startAgents();
    service.state.limited = true;
    const view = watchAgent(service.client, AGENT, { followIntervalMs: 20 });
    const stop = effect(() => void view.snapshot.value);
    await until(() => view.error.value !== undefined);
    await wait(500);
    // Retry-After: 1 (second): re-reading every 20 ms meanwhile would be ~25 more requests, each refused again.
    expect(service.state.requests).toBe(1);
    stop();
    view.dispose();
    await service.close();
  });
});

describe("mutations in flight", () => {
  function deferred<T>() {
    let resolve!: (value: T) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<T>((ok, fail) => {
      resolve = ok;
      reject = fail;
    });
    return { promise, resolve, reject };
  }

  it("double submit, reset or unmount during flight: only the latest shown call's callbacks run, nothing leaks", async () => {
    const scenarios = ["double submit", "reset during flight", "unmount during flight", "throwing callbacks"] as const;
    const failures: string[] = [];
    for (const scenario of scenarios)
      for (const ending of ["resolve", "reject"] as const) {
        vi.spyOn(console, "error").mockImplementation(() => {});
        const calls: Array<ReturnType<typeof deferred<string>>> = [];
        const mutation = createMutation((_: number) => {
          const call = deferred<string>();
          calls.push(call);
          return call.promise;
        });
        const ran: string[] = [];
        const callbacks = (tag: string) => ({
          onSuccess: () => {
            ran.push(`${tag}:success`);
            if (scenario === "throwing callbacks") throw new Error("onSuccess bug");
          },
          onError: () => {
            ran.push(`${tag}:error`);
            if (scenario === "throwing callbacks") throw new Error("onError bug");
          },
          onSettled: () => void ran.push(`${tag}:settled`),
        });
        const unmount = effect(() => void mutation.snapshot.value);
        mutation.mutate(1, callbacks("first"));
        if (scenario === "double submit") mutation.mutate(2, callbacks("second"));
        if (scenario === "reset during flight") mutation.reset();
        if (scenario === "unmount during flight") unmount();
        for (const call of calls) ending === "resolve" ? call.resolve("ok") : call.reject(new Error("no"));
        await wait(5);
        const outcome = ending === "resolve" ? "success" : "error";
        const expected: Record<(typeof scenarios)[number], string[]> = {
          "double submit": [`second:${outcome}`, "second:settled"],
          "reset during flight": [],
          "unmount during flight": [],
          "throwing callbacks": [`first:${outcome}`, "first:settled"],
        };
        const label = `${scenario}/${ending}`;
        if (JSON.stringify(ran) !== JSON.stringify(expected[scenario])) failures.push(`${label}: ran ${ran.join(",")}`);
        const status = mutation.status.value;
        const wanted = scenario === "reset during flight" ? "idle" : outcome;
        if (status !== wanted) failures.push(`${label}: status ${status}`);
        if (uncaught.length) failures.push(`${label}: ${uncaught.length} uncaught`);
        uncaught = [];
        unmount();
        vi.restoreAllMocks();
      }
    expect(failures).toEqual([]);
  });
});
