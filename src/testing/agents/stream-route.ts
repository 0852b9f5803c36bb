import { textOfUtf8HeaderValue } from "../../core/header-values.js";
import { callerSignal } from "../caller-signal.js";
import { HttpFailure, type Reply } from "../responses.js";
import type { AgentsHandler, AgentsRouteContext as RouteContext } from "./router.js";
import { RunEventSource } from "./run-event-source.js";
import { isActiveStatus, progressAt, type RunTimeline } from "./run-script.js";
import { createStreamBody } from "./stream-body.js";

/**
 * Where a `Last-Event-ID` resumes: the index just after the event carrying that id (with the
 * interaction_update sharing it, that is after both). Only ids of events that have happened by
 * `now` count; anything else is 400 invalid_last_event_id.
 */
export function resumeIndex(timeline: RunTimeline, lastEventId: string | null, now: number): number {
  const id = lastEventId?.trim() ?? "";
  if (id === "") return 0;
  const index = timeline.events.findIndex((event) => event.id === id && event.at <= now);
  if (index !== -1) return index + 1;
  // Event ids are `<runId>.<n>`: say so when the id plainly belongs to another run.
  const owner = /^(run-[^.]+)\.\d+$/.exec(id)?.[1];
  const detail =
    owner !== undefined && owner !== timeline.runId
      ? `it belongs to run ${owner}, not ${timeline.runId}`
      : `it is not an event id of run ${timeline.runId}`;
  throw new HttpFailure(
    400,
    "invalid_last_event_id",
    `Last-Event-ID ${JSON.stringify(id.slice(0, 200))} cannot resume this stream: ${detail}. Reconnect without it to start over.`,
  );
}

/**
 * `GET /v1/agents/{id}/runs/{runId}/stream`: 200 text/event-stream, produced as the client reads.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Events)
 */
function streamRun(context: RouteContext): Reply {
  const { now, options, store, request } = context;
  const agent = store.requireAgent(context.params.agentId ?? "");
  const run = store.requireRun(agent, context.params.runId ?? "");
  const progress = progressAt(run.timeline, now);
  const retentionMs = options.streamRetentionSeconds * 1000;
  // Retention counts from the moment the run became terminal (its last status change).
  if (!isActiveStatus(progress.status) && now - progress.updatedAt > retentionMs) {
    throw new HttpFailure(
      410,
      "stream_expired",
      `The stream of run ${run.id} expired: the run ended ${Math.floor((now - progress.updatedAt) / 1000)} s ago and streams are kept ${options.streamRetentionSeconds} s. Read the run instead.`,
    );
  }
  const header = request.headers.get("last-event-id");
  // The header carries the id's UTF-8 bytes, as EventSource sends it.
  const start = resumeIndex(run.timeline, header === null ? null : textOfUtf8HeaderValue(header), now);
  const stop = new AbortController();
  const producer = new RunEventSource(run.timeline, start, progress.status, {
    now: options.now,
    sleep: options.sleep,
    heartbeatIntervalMs: options.heartbeatIntervalMs,
    signal: stop.signal,
  });
  const body = createStreamBody({
    producer,
    requestSignal: callerSignal(request),
    stop,
    sleep: options.sleep,
    ...(context.streamFault ? { fault: context.streamFault } : {}),
  });
  return {
    status: 200,
    stream: body,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache",
      "x-service-stream-retention-seconds": String(options.streamRetentionSeconds),
    },
  };
}

/** The run stream operation. */
export const streamHandlers = { "runs.stream": streamRun } satisfies Record<string, AgentsHandler>;
