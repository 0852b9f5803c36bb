/**
 * Composables over agentline/reactive. Values arrive as readonly shallow refs, updated at most once per animation
 * frame, and every subscription ends with the calling component's (or effect scope's) disposal.
 * @module agentline/vue
 */
import {
  type AgentRunsClient,
  type AgentView,
  type CheckRunsSnapshot,
  type CheckRunsView,
  nextFrame,
  type ReadonlySignal,
  RUN_SNAPSHOT_FIELDS,
  type RunSnapshot,
  type RunStreamClient,
  type RunView,
  type Scheduler,
  subscribeCoalesced,
  type WatchAgentOptions,
  type WatchCheckRunsOptions,
  type WatchRunOptions,
  watchAgent,
  watchCheckRuns,
  watchRun,
} from "agentline/reactive";
import {
  type ComputedRef,
  computed,
  isRef,
  type MaybeRefOrGetter,
  type ShallowRef,
  shallowReadonly,
  shallowRef,
  toValue,
  type WatchSource,
  watch,
} from "vue";
import { useClient } from "./context.js";
import { type ReadonlyRef, whenScopeEnds } from "./signal.js";

export { AgentlinePlugin, provideAgentline, useAgentlineClient } from "./context.js";
export { type MutationRefs, useCancelRun, useCreateAgent, useFollowUp } from "./mutations.js";
export { type ReadonlyRef, useSignal } from "./signal.js";

/** A run's snapshot as readonly refs: the whole of it, and each of its fields. */
export type RunSnapshotRefs = { readonly [K in keyof RunSnapshot]: ComputedRef<RunSnapshot[K]> } & {
  readonly snapshot: ReadonlyRef<RunSnapshot>;
};

/** What {@link useRun} returns: the snapshot's refs, and the view itself. */
export type RunRefs = RunSnapshotRefs & {
  /** The view of the run followed now (for `events`, or to dispose early). */
  readonly view: ReadonlyRef<RunView>;
};

/** What {@link useAgent} returns: the latest run's refs, and the agent's view. */
export type AgentRefs = RunSnapshotRefs & {
  /** The view of the agent followed now (`agent`, `follow()`, `refresh()`). */
  readonly view: ReadonlyRef<AgentView>;
};

/** A view that can be followed: a snapshot signal, and a way to stop it. */
interface Followable<S> {
  readonly snapshot: ReadonlySignal<S>;
  dispose(): void;
}

/**
 * The view `open` gives and its snapshot as a ref; `open` is called again (and the old view disposed) when a `keys`
 * source changes. Everything ends with the calling scope.
 */
function useFollowed<S, V extends Followable<S>>(
  open: () => V,
  keys: WatchSource[],
  schedule: Scheduler,
): { view: ShallowRef<V>; snapshot: ShallowRef<S> } {
  let unsubscribe: (() => void) | undefined;
  const view = shallowRef(open()) as ShallowRef<V>;
  const snapshot = shallowRef(view.value.snapshot.peek()) as ShallowRef<S>;
  const follow = (next: V) => {
    unsubscribe?.();
    snapshot.value = next.snapshot.peek();
    unsubscribe = subscribeCoalesced(next.snapshot, () => (snapshot.value = next.snapshot.peek()), schedule);
  };
  follow(view.value);
  watch(keys, () => {
    view.value.dispose();
    view.value = open();
    follow(view.value);
  });
  whenScopeEnds(() => {
    unsubscribe?.();
    view.value.dispose();
  });
  return { view, snapshot };
}

/** A run or agent view's snapshot as refs (see {@link useFollowed}). */
function useView<V extends AgentView | RunView>(
  open: () => V,
  keys: WatchSource[],
  schedule: Scheduler,
): RunSnapshotRefs & { readonly view: ReadonlyRef<V> } {
  const { view, snapshot } = useFollowed<RunSnapshot, V>(open, keys, schedule);
  const fields = Object.fromEntries(RUN_SNAPSHOT_FIELDS.map((key) => [key, computed(() => snapshot.value[key])]));
  return {
    ...(fields as { [K in keyof RunSnapshot]: ComputedRef<RunSnapshot[K]> }),
    snapshot: shallowReadonly(snapshot),
    view: shallowReadonly(view) as ReadonlyRef<V>,
  };
}

/**
 * A run, live, as readonly refs. `agentId` and `runId` may be refs or getters: when they change, the composable
 * follows the new run. The view is disposed with the calling scope (its stream stops unless another view watches).
 *
 * ```vue
 * <script setup lang="ts">
 * // the provided client, or useRun(client, () => props.agentId, () => props.runId)
 * const { status, assistantText, toolCalls } = useRun(() => props.agentId, () => props.runId);
 * </script>
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § Events)
 */
export function useRun(
  agentId: MaybeRefOrGetter<string>,
  runId: MaybeRefOrGetter<string>,
  options?: WatchRunOptions & { schedule?: Scheduler },
): RunRefs;
/** A run, live, as readonly refs, with the client given here rather than the provided one. */
export function useRun(
  client: RunStreamClient | undefined,
  agentId: MaybeRefOrGetter<string>,
  runId: MaybeRefOrGetter<string>,
  options?: WatchRunOptions & { schedule?: Scheduler },
): RunRefs;
export function useRun(
  ...args: ClientFirst<
    RunStreamClient,
    [MaybeRefOrGetter<string>, MaybeRefOrGetter<string>, (WatchRunOptions & { schedule?: Scheduler })?]
  >
): RunRefs {
  const [given, agentId, runId, options] = withClient(args);
  const client = useClient(given, "useRun");
  const open = () => watchRun(client, toValue(agentId), toValue(runId), options);
  return useView(open, [() => toValue(agentId), () => toValue(runId)], options?.schedule ?? nextFrame);
}

/**
 * An agent's latest run, live, as readonly refs, switching to each follow-up run (at once for one sent with
 * `useFollowUp`). `agentId` may be a ref or getter: when it changes, the composable follows the new agent. The
 * client is the provided one unless given first. The view is disposed with the calling scope.
 *
 * ```vue
 * <script setup lang="ts">
 * const { runId, status, assistantText } = useAgent(() => props.agentId);
 * </script>
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § AgentSummary)
 */
export function useAgent(
  agentId: MaybeRefOrGetter<string>,
  options?: WatchAgentOptions & { schedule?: Scheduler },
): AgentRefs;
/** An agent's latest run, live, as readonly refs, with the client given here rather than the provided one. */
export function useAgent(
  client: AgentRunsClient | undefined,
  agentId: MaybeRefOrGetter<string>,
  options?: WatchAgentOptions & { schedule?: Scheduler },
): AgentRefs;
export function useAgent(
  ...args: ClientFirst<AgentRunsClient, [MaybeRefOrGetter<string>, (WatchAgentOptions & { schedule?: Scheduler })?]>
): AgentRefs {
  const [given, agentId, options] = withClient(args);
  const client = useClient(given, "useAgent");
  const open = () => watchAgent(client, toValue(agentId), options);
  return useView(open, [() => toValue(agentId)], options?.schedule ?? nextFrame);
}

/** A composable's arguments, with or without the client first. */
type ClientFirst<C, Rest extends unknown[]> = Rest | [C | undefined, ...Rest];

/**
 * The arguments with the client first (`undefined` when the call left it out). An id comes first as a string, ref
 * or getter; a client is a plain object (or `undefined`, asking for the provided one).
 */
function withClient<C, Rest extends unknown[]>(args: ClientFirst<C, Rest>): [C | undefined, ...Rest] {
  const first = args[0];
  const isClient = first === undefined || (typeof first === "object" && first !== null && !isRef(first));
  return (isClient ? args : [undefined, ...args]) as [C | undefined, ...Rest];
}

/** What {@link useCheckRuns} returns. */
export interface CheckRunsRefs {
  readonly snapshot: ReadonlyRef<CheckRunsSnapshot>;
  readonly runs: ComputedRef<CheckRunsSnapshot["runs"]>;
  readonly pending: ComputedRef<boolean>;
  readonly feed: CheckRunsView["feed"];
  readonly refresh: CheckRunsView["refresh"];
}

/**
 * A commit's check runs, live: polled through `forge` while the scope lives and/or fed with webhook events through
 * `feed`. `options` may be a ref or getter: when its `owner`, `repo`, `sha`, `forge` or `pollIntervalMs` changes, the
 * composable watches the new commit and the old view is disposed. Disposed with the calling scope.
 *
 * ```vue
 * <script setup lang="ts">
 * const { runs, pending } = useCheckRuns(() => ({ owner: "acme", repo: "web", sha: props.sha, forge }));
 * </script>
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Code Forge API § Check run semantics)
 */
export function useCheckRuns(
  options: MaybeRefOrGetter<WatchCheckRunsOptions & { schedule?: Scheduler }>,
): CheckRunsRefs {
  const read = () => toValue(options) as (WatchCheckRunsOptions & { schedule?: Scheduler }) | undefined;
  const keys: WatchSource[] = [
    () => read()?.owner,
    () => read()?.repo,
    () => read()?.sha,
    () => read()?.forge,
    () => read()?.pollIntervalMs,
  ];
  const { view, snapshot } = useFollowed<CheckRunsSnapshot, CheckRunsView>(
    () => watchCheckRuns(read() as WatchCheckRunsOptions),
    keys,
    read()?.schedule ?? nextFrame,
  );
  return {
    snapshot: shallowReadonly(snapshot),
    runs: computed(() => snapshot.value.runs),
    pending: computed(() => snapshot.value.pending),
    feed: (event) => view.value.feed(event),
    refresh: () => view.value.refresh(),
  };
}
