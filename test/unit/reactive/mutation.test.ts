import { effect } from "@preact/signals-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, ValidationError } from "../../../src/core/errors.js";
import {
  cancelRunMutation,
  createAgentMutation,
  createMutation,
  fieldErrorsOf,
  followUpMutation,
  watchAgent,
} from "../../../src/reactive/index.js";
import { clockSetup, settle, until } from "./helpers.js";

function never(): never {
  throw new Error("unreachable");
}

/** A promise settled from outside: the calls of a mutation finishing in the order a test picks. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("createMutation", () => {
  it("goes idle → pending → success, with data and variables", async () => {
    const mutation = createMutation(async (n: number) => n * 2);
    expect(mutation.snapshot.value).toMatchObject({ status: "idle", pending: false, data: undefined });
    mutation.mutate(21);
    expect(mutation.pending.value).toBe(true);
    expect(mutation.variables.value).toBe(21);
    await settle();
    expect(mutation.snapshot.value).toMatchObject({ status: "success", pending: false, data: 42, variables: 21 });
    expect(mutation.error.value).toBeUndefined();
  });

  it("the latest call wins: an earlier call settling later changes nothing, whatever the order", async () => {
    const orders = [
      [0, 1],
      [1, 0],
    ];
    let wrong = 0;
    for (const order of orders) {
      const calls = [deferred<string>(), deferred<string>()];
      let next = 0;
      const mutation = createMutation((_: string) => (calls[next++] as (typeof calls)[number]).promise);
      const first = mutation.mutateAsync("a");
      mutation.mutate("b");
      for (const index of order) calls[index]?.resolve(`result ${index}`);
      await settle();
      await expect(first).resolves.toBe("result 0"); // each mutateAsync still gets its own outcome
      if (mutation.data.value !== "result 1" || mutation.variables.value !== "b") wrong++;
    }
    expect(wrong).toBe(0);
  });

  it("mutate never rejects; mutateAsync rejects; both land in error", async () => {
    const failure = new ApiError({ status: 409, code: "run_not_cancellable", message: "no" });
    const mutation = createMutation(async (_: undefined) => {
      throw failure;
    });
    mutation.mutate(undefined);
    await settle();
    expect(mutation.status.value).toBe("error");
    expect(mutation.error.value).toBe(failure);
    await expect(mutation.mutateAsync(undefined)).rejects.toBe(failure);
  });

  it("a function that throws before returning a promise fails the call the same way", async () => {
    const mutation = createMutation((_: undefined): Promise<void> => {
      throw new ValidationError([{ path: "prompt", rule: "required", message: "needs `prompt`" }]);
    });
    expect(() => mutation.mutate(undefined)).not.toThrow();
    await settle();
    expect(mutation.fieldErrors.value).toEqual({ prompt: "needs `prompt`" });
  });

  it("wraps a thrown non-Error in an AgentlineError mutation_failed, keeping it as the cause", async () => {
    const mutation = createMutation(async (_: undefined) => {
      throw "nope";
    });
    mutation.mutate(undefined);
    await settle();
    expect(mutation.error.value).toMatchObject({ code: "mutation_failed", cause: "nope" });
  });

  it("reset goes back to idle, and a call running then no longer changes anything", async () => {
    const call = deferred<number>();
    const mutation = createMutation((_: undefined) => call.promise);
    mutation.mutate(undefined);
    mutation.reset();
    call.resolve(1);
    await settle();
    expect(mutation.snapshot.value).toMatchObject({ status: "idle", data: undefined, fieldErrors: {} });
  });

  it("runs the callbacks of the latest call only, and none once its watchers are gone", async () => {
    const seen: string[] = [];
    const calls = [deferred<string>(), deferred<string>(), deferred<string>()];
    let next = 0;
    const mutation = createMutation((_: string) => (calls[next++] as (typeof calls)[number]).promise);
    const callbacks = (name: string) => ({
      onSuccess: () => seen.push(`${name} success`),
      onSettled: () => seen.push(`${name} settled`),
    });
    mutation.mutate("a", callbacks("a"));
    mutation.mutate("b", callbacks("b"));
    calls[0]?.resolve("a");
    calls[1]?.resolve("b");
    await settle();
    expect(seen).toEqual(["b success", "b settled"]);

    const stop = effect(() => void mutation.snapshot.value); // a mounted component
    mutation.mutate("c", callbacks("c"));
    stop(); // unmounted while pending
    calls[2]?.resolve("c");
    await settle();
    expect(seen).toEqual(["b success", "b settled"]);
    expect(mutation.data.value).toBe("c"); // nobody renders it, but a later reader sees the truth
  });

  it("fieldErrorsOf reads request issues and API field violations by shape; first message per path wins", () => {
    const validation = new ValidationError([
      { path: "prompt.text", rule: "min_length", message: "must not be empty" },
      { path: "prompt.text", rule: "other", message: "second" },
      { path: "mode", rule: "one_of", message: "agent or plan" },
    ]);
    expect(fieldErrorsOf(validation)).toEqual({ "prompt.text": "must not be empty", mode: "agent or plan" });
    const api = new ApiError({
      status: 400,
      code: "invalid_request",
      message: "bad",
      fieldViolations: [{ field: "repos[0].url", description: "unknown repository" }],
    });
    expect(fieldErrorsOf(api)).toEqual({ "repos[0].url": "unknown repository" });
    const none = [undefined, null, "x", new Error("x"), { issues: "x" }, { issues: [null, { path: 1 }] }];
    expect(none.map((value) => Object.keys(fieldErrorsOf(value)).length)).toEqual(none.map(() => 0));
  });

  it("refuses a non-function with invalid_argument", () => {
    expect(() => createMutation(undefined as never)).toThrow(expect.objectContaining({ code: "invalid_argument" }));
  });

  it("mutate refuses callbacks that are no object, and a callback that is no function, before calling", () => {
    let calls = 0;
    const mutation = createMutation(async (n: number) => ++calls + n);
    const refused = (code: string, name: string) =>
      expect.objectContaining({ code, message: expect.stringContaining(`\`${name}\``) });
    expect(() => mutation.mutate(1, 5 as never)).toThrow(refused("invalid_argument", "callbacks"));
    expect(() => mutation.mutate(1, { onSuccess: "x" as never })).toThrow(
      refused("invalid_option", "callbacks.onSuccess"),
    );
    expect(calls).toBe(0);
    expect(mutation.status.value).toBe("idle");
  });
});

describe("the agent mutations against the fake service", () => {
  // An instant clock streams each run at once; the agent views wait on a real, long timer (aborted when they stop),
  // so any switch to the follow-up comes from the mutation, not from a read of the agent.
  const FOLLOW = { followIntervalMs: 600_000 };
  const agentReads = (setup: ReturnType<typeof clockSetup>, agentId: string) =>
    setup.fake.requests.filter((request) => request.method === "GET" && request.path.endsWith(agentId)).length;

  it("a follow-up is followed at once by watchAgent on the same client, without re-reading the agent", async () => {
    const setup = clockSetup({}, { instant: true });
    const created = createAgentMutation(setup.client);
    const { agent, run } = await created.mutateAsync({ prompt: { text: "first task" } });
    const view = watchAgent(setup.client, agent.id, FOLLOW);
    const stop = effect(() => void view.snapshot.value); // a mounted component
    await until(view.snapshot, (snapshot) => snapshot.result === "Done: first task");
    expect(view.runId.peek()).toBe(run.id);
    const reads = agentReads(setup, agent.id);

    const followUp = followUpMutation(setup.client, agent.id);
    const { run: next } = await followUp.mutateAsync({ prompt: { text: "second task" } });
    expect(view.runId.peek()).toBe(next.id); // switched before the call returned
    await until(view.snapshot, (snapshot) => snapshot.result === "Done: second task");
    expect(agentReads(setup, agent.id)).toBe(reads);
    stop();
    view.dispose();
  });

  it("only watched agent views follow an announced run: unwatched or disposed ones stay put and read nothing", async () => {
    const setup = clockSetup({}, { instant: true });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "first task" } });
    const views = [0, 1, 2].map(() => watchAgent(setup.client, agent.id, FOLLOW));
    const stops = views.map((view) => effect(() => void view.snapshot.value));
    for (const view of views) await until(view.snapshot, (snapshot) => snapshot.result === "Done: first task");
    stops[1]?.(); // unmounted
    views[2]?.dispose();
    await settle();
    const requests = setup.fake.requests.length;
    const { run: next } = await followUpMutation(setup.client, agent.id).mutateAsync({ prompt: { text: "second" } });
    expect(views.map((view) => view.runId.peek())).toEqual([next.id, run.id, run.id]);
    await until(views[0]?.snapshot ?? never(), (snapshot) => snapshot.result === "Done: second");
    // The POST, and the watched view's stream of the new run: the others read nothing.
    expect(setup.fake.requests.slice(requests).map((request) => request.method)).toEqual(["POST", "GET"]);
    stops[0]?.();
    stops[2]?.();
    for (const view of views) view.dispose();
  });

  it("cancels a running run; a cancel that the service refuses lands in error with its code", async () => {
    const setup = clockSetup({ run: { creatingMs: 100, runningMs: 5_000 } });
    const { agent, run } = await setup.client.agents.create({ prompt: { text: "long task" } });
    await setup.advance(200);
    const cancel = cancelRunMutation(setup.client, agent.id);
    cancel.mutate(run.id);
    await setup.advance(10);
    expect(cancel.data.value).toEqual(expect.objectContaining({ id: run.id }));
    expect((await setup.client.runs.get(agent.id, run.id)).status).toBe("CANCELLED");
    cancel.mutate(run.id);
    await setup.advance(10);
    expect(cancel.error.value).toMatchObject({ code: "run_not_cancellable" });
  });

  it("a bad body, or a bad agent id, fails with field errors and sends nothing", async () => {
    const setup = clockSetup();
    const sent = setup.fake.requests.length;
    const followUp = followUpMutation(setup.client, "");
    followUp.mutate({ prompt: { text: "x" } });
    await settle();
    expect(followUp.error.value).toBeInstanceOf(ValidationError);
    expect(followUp.fieldErrors.value).toHaveProperty("agentId");
    const create = createAgentMutation(setup.client);
    create.mutate({ prompt: { text: "" } });
    await settle();
    expect(create.fieldErrors.value).toEqual({ "prompt.text": expect.any(String) });
    expect(setup.fake.requests.length).toBe(sent);
  });

  it("refuses a client without the method it calls, naming `client`, at creation", () => {
    const makers = [
      () => createAgentMutation({} as never),
      () => followUpMutation({ runs: {} } as never, "bc-1"),
      () => cancelRunMutation(null as never, "bc-1"),
    ];
    const codes = makers.map((make) => {
      try {
        make();
        return "none";
      } catch (error) {
        return `${(error as { code: string }).code} ${(error as Error).message.includes("`client`")}`;
      }
    });
    expect(codes).toEqual(makers.map(() => "invalid_argument true"));
  });

  it("refuses an agent id that is neither a string nor a function, at creation", async () => {
    const setup = clockSetup();
    for (const agentId of [5, null, {}]) {
      expect(() => followUpMutation(setup.client, agentId as never)).toThrow(
        expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining("`agentId`") }),
      );
      expect(() => cancelRunMutation(setup.client, agentId as never)).toThrow(
        expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining("`agentId`") }),
      );
    }
    expect(setup.fake.requests).toHaveLength(0);
  });

  it("a callback that throws is reported: onSettled still runs, the state stands, nothing rejects", async () => {
    const reported: unknown[] = [];
    vi.stubGlobal("reportError", (error: unknown) => reported.push(error));
    const onSuccessBug = new Error("bug in onSuccess");
    const onErrorBug = new Error("bug in onError");
    const settled: string[] = [];
    const doubled = createMutation(async (n: number) => n * 2);
    doubled.mutate(1, {
      onSuccess: () => {
        throw onSuccessBug;
      },
      onSettled: (data) => settled.push(`success ${data}`),
    });
    const failing = createMutation(async (_: number) => {
      throw new Error("refused");
    });
    failing.mutate(1, {
      onError: () => {
        throw onErrorBug;
      },
      onSettled: (_data, error) => settled.push(`error ${error?.message}`),
    });
    await settle();
    expect(settled).toEqual(["success 2", "error refused"]);
    expect(reported).toEqual([onSuccessBug, onErrorBug]);
    expect(doubled.snapshot.value).toMatchObject({ status: "success", data: 2 });
    expect(failing.snapshot.value).toMatchObject({ status: "error", error: { message: "refused" } });
  });
});
