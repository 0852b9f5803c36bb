import * as v from "valibot";
import { type CheckRun, CheckRunSchema, type CheckSuite, CheckSuiteSchema } from "../forge/schemas/check-responses.js";

// Reading a `repository.check_run.*` webhook leniently: the spec names the payload's parts (repository, suite, run
// with `checkRun.rerequestedBy`) but not its full shape, so a verified delivery body, a parsed event object with a
// `payload` (or `data`) member, or the bare payload are all accepted.

/** What a check-run webhook carries for a view. */
export interface CheckRunEventParts {
  readonly type: string | undefined;
  readonly run: CheckRun;
  readonly suite: CheckSuite | undefined;
  readonly repository: Record<string, unknown> | undefined;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/**
 * The run, suite and repository of a check-run event; `"unrelated"` for another event type, `"invalid"` when no
 * check run can be read from it. @see {@link https://github.com/agentline/agentline#live-views-agentlinereactive-agentlinereact-agentlinevue-agentlinesvelte | README: Live views} (spec: Code Forge API § Events)
 */
export function readCheckRunEvent(event: unknown): CheckRunEventParts | "unrelated" | "invalid" {
  const outer = record(event);
  if (!outer) return "invalid";
  const payload = record(outer.payload) ?? record(outer.data) ?? outer;
  const type =
    text(outer.type) ?? text(outer.eventType) ?? text(record(outer.event)?.type) ?? text(payload.type) ?? undefined;
  if (type !== undefined && !type.startsWith("repository.check_run.")) return "unrelated";
  const run = v.safeParse(CheckRunSchema, payload.checkRun);
  if (!run.success) return "invalid";
  const suiteValue = payload.checkSuite ?? payload.suite;
  const suite = suiteValue === undefined ? undefined : v.safeParse(CheckSuiteSchema, suiteValue);
  return {
    type,
    run: run.output,
    suite: suite?.success ? suite.output : undefined,
    repository: record(payload.repository),
  };
}

/** Whether a repository reference names `owner/repo` (case-insensitively, as forge paths do); unknown counts as yes. */
export function isSameRepository(reference: Record<string, unknown> | undefined, owner: string, repo: string): boolean {
  if (!reference) return true;
  const wanted = `${owner}/${repo}`.toLowerCase();
  const fullName = text(reference.fullName);
  if (fullName !== undefined) return fullName.toLowerCase() === wanted;
  const name = text(reference.name);
  const ownerSlug = text(record(reference.owner)?.slug);
  if (name === undefined || ownerSlug === undefined) return true;
  return `${ownerSlug}/${name}`.toLowerCase() === wanted;
}
