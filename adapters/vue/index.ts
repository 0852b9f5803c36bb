/**
 * Composables over agentline/reactive. Values arrive as readonly shallow refs, updated at most once per animation
 * frame, and every subscription ends with the calling component's (or effect scope's) disposal.
 * @module agentline/vue
 */
import {
  type CheckRunsSnapshot,
  type CheckRunsView,
  nextFrame,
  type ReadonlySignal,
  type RunSnapshot,
  type RunStreamClient,
  type RunView,
  type Scheduler,
  subscribeCoalesced,
  type WatchCheckRunsOptions,
  type WatchRunOptions,
  watchCheckRuns,
  watchRun,
} from "agentline/reactive";
import {
  type ComputedRef,
  computed,
  getCurrentScope,
  type MaybeRefOrGetter,
  onScopeDispose,
  type ShallowRef,
  shallowReadonly,
  shallowRef,
  toValue,
  watch,
} from "vue";

/** A ref that only its composable writes. */
export type ReadonlyRef<T> = Readonly<ShallowRef<T>>;

function whenScopeEnds(stop: () => void): void {
  if (getCurrentScope()) onScopeDispose(stop);
}

/**
 * A signal as a readonly shallow ref, updated at most once per `schedule` tick (default: once per animation frame).
 * Subscribing counts as watching, so a view's stream runs while the calling scope lives.
 */
export function useSignal<T>(source: ReadonlySignal<T>, schedule: Scheduler = nextFrame): ReadonlyRef<T> {
  const ref = shallowRef(source.peek());
  whenScopeEnds(subscribeCoalesced(source, () => (ref.value = source.peek()), schedule));
  return shallowReadonly(ref);
}

/** What {@link useRun} returns: the whole snapshot, each of its fields as a readonly ref, and the view itself. */
export type RunRefs = { readonly [K in keyof RunSnapshot]: ComputedRef<RunSnapshot[K]> } & {
  readonly snapshot: ReadonlyRef<RunSnapshot>;
  /** The view of the run followed now (for `events`, or to dispose early). */
  readonly view: ReadonlyRef<RunView>;
};

const FIELDS = [
  "runId",
  "status",
  "assistantText",
  "thinkingText",
  "toolCalls",
  "result",
  "git",
  "durationMs",
  "error",
  "connection",
  "lastEventId",
  "isTerminal",
] as const satisfies readonly (keyof RunSnapshot)[];

/**
 * A run, live, as readonly refs. `agentId` and `runId` may be refs or getters: when they change, the composable
 * follows the new run. The view is disposed with the calling scope (its stream stops unless another view watches).
 *
 * ```vue
 * <script setup lang="ts">
 * const { status, assistantText, toolCalls } = useRun(client, () => props.agentId, () => props.runId);
 * </script>
 * ```
 * @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Cloud Agents API § Events)
 */
export function useRun(
  client: RunStreamClient,
  agentId: MaybeRefOrGetter<string>,
  runId: MaybeRefOrGetter<string>,
  options?: WatchRunOptions & { schedule?: Scheduler },
): RunRefs {
  const schedule = options?.schedule ?? nextFrame;
  let unsubscribe: (() => void) | undefined;
  const view = shallowRef(watchRun(client, toValue(agentId), toValue(runId), options));
  const snapshot = shallowRef(view.value.snapshot.peek());
  const follow = (next: RunView) => {
    unsubscribe?.();
    snapshot.value = next.snapshot.peek();
    unsubscribe = subscribeCoalesced(next.snapshot, () => (snapshot.value = next.snapshot.peek()), schedule);
  };
  follow(view.value);
  watch([() => toValue(agentId), () => toValue(runId)], ([nextAgent, nextRun]) => {
    view.value.dispose();
    view.value = watchRun(client, nextAgent, nextRun, options);
    follow(view.value);
  });
  whenScopeEnds(() => {
    unsubscribe?.();
    view.value.dispose();
  });
  const fields = Object.fromEntries(FIELDS.map((field) => [field, computed(() => snapshot.value[field])]));
  return {
    ...(fields as { [K in keyof RunSnapshot]: ComputedRef<RunSnapshot[K]> }),
    snapshot: shallowReadonly(snapshot),
    view: shallowReadonly(view),
  };
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
 * `feed`. Disposed with the calling scope. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Code Forge API § Check run semantics)
 */
export function useCheckRuns(options: WatchCheckRunsOptions): CheckRunsRefs {
  const view = watchCheckRuns(options);
  const snapshot = useSignal(view.snapshot);
  whenScopeEnds(() => view.dispose());
  return {
    snapshot,
    runs: computed(() => snapshot.value.runs),
    pending: computed(() => snapshot.value.pending),
    feed: view.feed,
    refresh: view.refresh,
  };
}
