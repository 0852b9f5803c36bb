// The write side of the views, as every adapter must show it in a real browser, written once: each adapter's test
// file mounts its own MutationApp (a provider with a console below it) through `mount` and runs these.
import { expect, it } from "vitest";
import type { AgentsClient } from "../../../src/agents/index.js";
import { pause } from "./harness.js";
import type { Mounted } from "./live-run-suite.js";
import { type ConsoleRoute, LONG_RUN, SHORT_RUN, startConsole } from "./mutation-harness.js";

/** The request bodies the console's buttons send, read at each click (the tests change them in between). */
export interface Bodies {
  create: unknown;
  followUp: unknown;
}

/** What a MutationApp component takes: it provides `client` and renders a console using the hooks only. */
export interface MutationAppProps {
  client: AgentsClient;
  bodies: Bodies;
  /** How often `useAgent` re-reads the agent: long here, so only the follow-up hook can make it switch early. */
  followIntervalMs: number;
  /** Called each time the framework has updated the console. */
  onRender?: () => void;
}

const TIMEOUT = { timeout: 10_000, interval: 20 };
const FOREVER = 600_000;

/** Create bodies the SDK must refuse before the network, each with the path its field error must name. */
const BAD_CREATE_BODIES: ReadonlyArray<[body: unknown, path: string]> = [
  [{}, "prompt"],
  [{ prompt: "hi" }, "prompt"],
  [{ prompt: { text: "" } }, "prompt.text"],
  [{ prompt: { text: "x", images: [{}] } }, "prompt.images[0]"],
  [{ prompt: { text: "x" }, name: "" }, "name"],
  [{ prompt: { text: "x" }, agentId: "nope" }, "agentId"],
  [{ prompt: { text: "x" }, autoCreatePR: "yes" }, "autoCreatePR"],
  [{ prompt: { text: "x" }, agentId: "bc-00000000-0000-4000-8000-000000000000", envVars: { A: "b" } }, "envVars"],
  [{ prompt: { text: "x" }, repos: "x" }, "repos"],
  [{ prompt: { text: "x" }, mode: "nope" }, "mode"],
  [null, ""],
];

/** Follow-up bodies the SDK must refuse before the network. */
const BAD_FOLLOW_UP_BODIES: ReadonlyArray<[body: unknown, path: string]> = [
  [{}, "prompt"],
  [{ prompt: "hi" }, "prompt"],
  [{ prompt: { text: "" } }, "prompt.text"],
  [{ prompt: { text: "x", images: [{}] } }, "prompt.images[0]"],
  [{ prompt: { text: "x" }, mode: "nope" }, "mode"],
  [null, ""],
];

function shown(root: HTMLElement, testId: string): string | undefined {
  return root.querySelector(`[data-testid=${testId}]`)?.textContent?.trim() ?? undefined;
}

/** The paths the console lists under `testId`, each item reading "path: message". */
function fieldPaths(root: HTMLElement, testId: string): string[] {
  return [...root.querySelectorAll(`[data-testid=${testId}] li`)].map((item) => item.textContent?.split(":")[0] ?? "");
}

function click(root: HTMLElement, testId: string): void {
  const button = root.querySelector<HTMLButtonElement>(`[data-testid=${testId}]`);
  if (!button) throw new Error(`no button ${testId}`);
  button.click();
}

/** Registers the shared mutation tests for one adapter, its client going `direct` to the fake or through a relay. */
export function mutationSuite(
  mount: (props: MutationAppProps) => Promise<Mounted>,
  route: ConsoleRoute = "direct",
): void {
  async function setUp(script = SHORT_RUN, create: unknown = { prompt: { text: "first task" } }) {
    const setup = startConsole(script, route);
    const bodies: Bodies = { create, followUp: { prompt: { text: "second task" } } };
    const screen = await mount({ client: setup.client, bodies, followIntervalMs: FOREVER });
    return { ...setup, bodies, screen, root: screen.container };
  }

  it("creates an agent: its first run streams into useRun and useAgent", async () => {
    const { root, screen, fake, streamRequests, fetches, withKey } = await setUp();
    expect(shown(root, "create-status")).toBe("idle");
    click(root, "create");
    await expect.poll(() => shown(root, "run-result"), TIMEOUT).toBe("Done: first task");
    expect(shown(root, "create-status")).toBe("success");
    const runId = shown(root, "run-id");
    expect(runId).toMatch(/\S/);
    await expect.poll(() => shown(root, "agent-run"), TIMEOUT).toBe(runId);
    expect(shown(root, "run-status")).toBe("FINISHED");
    expect(fake.requests.filter((request) => request.method === "POST")).toHaveLength(1);
    // useRun and useAgent show the same run: one stream, shared.
    expect(streamRequests()).toHaveLength(1);
    // Through the relay, no request from the page carries a key; straight to the service, every one does.
    expect(withKey()).toBe(route === "relay" ? 0 : fetches());
    await screen.unmount();
  });

  it("sends a follow-up: useRun takes the new run and useAgent switches to it at once, without re-reading the agent", async () => {
    const { root, screen, streamRequests, agentReads } = await setUp();
    click(root, "create");
    await expect.poll(() => shown(root, "agent-result"), TIMEOUT).toBe("Done: first task");
    const firstRun = shown(root, "run-id");
    const reads = agentReads().length;
    click(root, "follow-up");
    await expect.poll(() => shown(root, "follow-up-status"), TIMEOUT).toBe("success");
    const followUp = shown(root, "follow-up-run");
    expect(followUp).not.toBe(firstRun);
    await expect.poll(() => shown(root, "run-id"), TIMEOUT).toBe(followUp);
    await expect.poll(() => shown(root, "agent-run"), TIMEOUT).toBe(followUp);
    await expect.poll(() => shown(root, "agent-result"), TIMEOUT).toBe("Done: second task");
    expect(shown(root, "run-result")).toBe("Done: second task");
    // The agent is re-read every 10 minutes here: the switch came from the hook, not from a read.
    expect(agentReads().length).toBe(reads);
    expect(streamRequests().map((request) => request.path.split("/")[5])).toEqual([firstRun, followUp]);
    await screen.unmount();
  });

  it("cancels the running run: its views end CANCELLED and the stream closes", async () => {
    const { root, screen, open } = await setUp(LONG_RUN);
    click(root, "create");
    await expect.poll(() => shown(root, "agent-status"), TIMEOUT).toBe("RUNNING");
    click(root, "cancel");
    await expect.poll(() => shown(root, "cancel-status"), TIMEOUT).toBe("success");
    await expect.poll(() => shown(root, "run-status"), TIMEOUT).toBe("CANCELLED");
    await expect.poll(() => shown(root, "agent-status"), TIMEOUT).toBe("CANCELLED");
    await expect.poll(() => shown(root, "run-connection"), TIMEOUT).toBe("closed");
    await expect.poll(open, TIMEOUT).toBe(0);
    await screen.unmount();
  });

  it(`shows field errors for ${BAD_CREATE_BODIES.length} bad create bodies and ${BAD_FOLLOW_UP_BODIES.length} bad follow-ups, sending nothing; reset clears them`, async () => {
    const { root, screen, bodies, fetches, fake } = await setUp();
    let misses = 0;
    for (const [body, path] of BAD_CREATE_BODIES) {
      bodies.create = body;
      click(root, "create");
      await expect.poll(() => shown(root, "create-status"), TIMEOUT).toBe("error");
      expect(shown(root, "create-error")).toBe("ValidationError");
      if (JSON.stringify(fieldPaths(root, "create-field-errors")) !== JSON.stringify([path])) misses++;
      click(root, "reset");
      await expect.poll(() => shown(root, "create-status"), TIMEOUT).toBe("idle");
      expect(fieldPaths(root, "create-field-errors")).toEqual([]);
      expect(shown(root, "create-error")).toBe("");
    }
    expect(misses).toBe(0);
    expect(fetches()).toBe(0);
    expect(fake.requests).toHaveLength(0);

    bodies.create = { prompt: { text: "first task" } };
    click(root, "create");
    await expect.poll(() => shown(root, "agent-result"), TIMEOUT).toBe("Done: first task");
    const sent = fetches();
    for (const [body, path] of BAD_FOLLOW_UP_BODIES) {
      bodies.followUp = body;
      click(root, "follow-up");
      await expect.poll(() => shown(root, "follow-up-status"), TIMEOUT).toBe("error");
      if (JSON.stringify(fieldPaths(root, "follow-up-field-errors")) !== JSON.stringify([path])) misses++;
      click(root, "follow-up-reset");
      await expect.poll(() => fieldPaths(root, "follow-up-field-errors"), TIMEOUT).toEqual([]);
      expect(shown(root, "follow-up-status")).toBe("idle");
    }
    expect(misses).toBe(0);
    expect(fetches()).toBe(sent);
    expect(fake.requests.filter((request) => request.method === "POST")).toHaveLength(1);
    await screen.unmount();
  });

  it("unmounted while creating: no update after unmount, no stream opened, nothing left open", async () => {
    const setup = startConsole(SHORT_RUN, route);
    let renders = 0;
    const bodies: Bodies = { create: { prompt: { text: "first task" } }, followUp: {} };
    const screen = await mount({
      client: setup.client,
      bodies,
      followIntervalMs: FOREVER,
      onRender: () => renders++,
    });
    const release = setup.hold();
    click(screen.container, "create");
    await expect.poll(() => shown(screen.container, "create-status"), TIMEOUT).toBe("pending");
    await expect.poll(setup.fetches, TIMEOUT).toBe(1);
    await screen.unmount();
    const rendersAtUnmount = renders;
    release();
    // The agent is created (the request was sent), but nothing renders it and nothing streams it.
    await expect.poll(() => setup.fake.requests.length, TIMEOUT).toBe(1);
    await pause(200);
    expect(renders).toBe(rendersAtUnmount);
    expect(setup.streamRequests()).toHaveLength(0);
    expect(setup.open()).toBe(0);
    expect(setup.fetches()).toBe(1);
  });

  it("unmounted while a follow-up is pending: no update after unmount, every stream closed, the new run not streamed", async () => {
    const setup = startConsole(LONG_RUN, route);
    let renders = 0;
    const bodies: Bodies = { create: { prompt: { text: "first task" } }, followUp: { prompt: { text: "second" } } };
    const screen = await mount({ client: setup.client, bodies, followIntervalMs: FOREVER, onRender: () => renders++ });
    click(screen.container, "create");
    await expect.poll(() => shown(screen.container, "run-connection"), TIMEOUT).toBe("live");
    expect(setup.open()).toBeGreaterThan(0);
    const release = setup.hold();
    click(screen.container, "follow-up");
    await expect.poll(() => shown(screen.container, "follow-up-status"), TIMEOUT).toBe("pending");
    const streams = setup.streamRequests().length;
    await screen.unmount();
    const rendersAtUnmount = renders;
    release();
    await expect
      .poll(() => setup.fake.requests.filter((request) => request.method === "POST"), TIMEOUT)
      .toHaveLength(2);
    await pause(200);
    expect(renders).toBe(rendersAtUnmount);
    expect(setup.open()).toBe(0);
    expect(setup.streamRequests()).toHaveLength(streams);
  });
}

/** The names of an adapter's functions that read the provided client. */
type ClientUse = "useAgentlineClient" | "useCreateAgent" | "useFollowUp" | "useCancelRun" | "useRun" | "useAgent";

/** Each of an adapter's functions that read the provided client, called with ids and without a client. */
export function clientUses(
  adapter: Record<ClientUse, (...args: never[]) => unknown>,
): Record<ClientUse, () => unknown> {
  const call =
    (use: ClientUse, ...args: string[]) =>
    () =>
      (adapter[use] as (...args: string[]) => unknown)(...args);
  return {
    useAgentlineClient: call("useAgentlineClient"),
    useCreateAgent: call("useCreateAgent"),
    useFollowUp: call("useFollowUp", "bc-1"),
    useCancelRun: call("useCancelRun", "bc-1"),
    useRun: call("useRun", "bc-1", "run-1"),
    useAgent: call("useAgent", "bc-1"),
  };
}

/** What is wrong with what `name` threw without a client: nothing when it is a `no_client` error naming it and `hint`. */
export function noClientProblems(name: string, thrown: unknown, hint: string): string[] {
  const error = thrown as { code?: unknown; message?: unknown } | undefined;
  const message = typeof error?.message === "string" ? error.message : "";
  const problems: string[] = [];
  if (error?.code !== "no_client") problems.push(`${name}: code ${String(error?.code)}`);
  if (!message.startsWith(`${name}:`)) problems.push(`${name}: message does not name it`);
  if (!message.includes(hint)) problems.push(`${name}: message does not say ${hint}`);
  return problems;
}
