// Shared by the fake-spec-conformance agents tests: raw requests to the fake Cloud Agents API and the spec's
// error-body check, plus an SSE parser written from the WHATWG event-stream rules.
import { createFakeService } from "../../../src/testing/index.js";

// biome-ignore lint/suspicious/noExplicitAny: raw JSON from the wire
export type Json = any;

export const BASE = "https://conformance.example.test";
export const KEY = "conf-key";
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
/** Every code the spec lists under § Errors. */
export const CODES = new Set(
  "unauthorized api_key_not_found plan_required role_forbidden feature_unavailable integration_not_connected validation_error missing_body invalid_model invalid_branch_name repository_required repository_access pr_resolution_failed artifact_not_found service_account_required agent_not_found run_not_found agent_busy agent_archived agent_id_conflict run_not_cancellable rate_limit_exceeded usage_limit_exceeded stream_expired stream_unavailable invalid_last_event_id client_cancelled not_implemented upstream_error internal_error".split(
    " ",
  ),
);

export function world(options: Parameters<typeof createFakeService>[0] = {}) {
  const clock = { t: Date.UTC(2031, 4, 1) };
  const fake = createFakeService({
    apiKeys: [KEY],
    now: () => clock.t,
    sleep: async (ms) => {
      clock.t += ms;
    },
    run: { creatingMs: 100, runningMs: 1000 },
    streamRetentionSeconds: 60,
    ...options,
  });
  const failures: string[] = [];
  async function call(
    method: string,
    path: string,
    init: { body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ) {
    const headers = new Headers({ authorization: `Bearer ${KEY}`, ...init.headers });
    let body: string | undefined = init.raw;
    if (init.body !== undefined) body = JSON.stringify(init.body);
    if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
    const response = await fake.fetch(
      new Request(`${BASE}${path}`, { method, headers, ...(body === undefined ? {} : { body }) }),
    );
    const text = await response.text();
    let json: Json;
    try {
      json = text === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  }
  /** Expects a status (and for errors, the spec's error body with `code`). */
  async function expectCall(
    label: string,
    method: string,
    path: string,
    status: number,
    code?: string | string[],
    init: Parameters<typeof call>[2] = {},
  ) {
    const r = await call(method, path, init);
    if (r.status !== status) {
      failures.push(`${label}: ${method} ${path} -> ${r.status} (want ${status}) ${r.text.slice(0, 160)}`);
      return r;
    }
    if (status >= 400) checkErrorBody(label, r, code);
    else if (!/^application\/json/.test(r.headers.get("content-type") ?? "") && r.text !== "")
      failures.push(`${label}: content-type ${r.headers.get("content-type")}`);
    return r;
  }
  function checkErrorBody(label: string, r: Awaited<ReturnType<typeof call>>, code?: string | string[]) {
    const e = r.json?.error;
    const keys = r.json && typeof r.json === "object" ? Object.keys(r.json) : [];
    if (!e || typeof e.code !== "string" || typeof e.message !== "string" || keys.join() !== "error") {
      failures.push(`${label}: error body not {error:{code,message}}: ${r.text.slice(0, 160)}`);
      return;
    }
    const extra = Object.keys(e).filter((k) => !["code", "message", "helpUrl", "provider"].includes(k));
    if (extra.length > 0) failures.push(`${label}: error has undocumented members ${extra.join(",")}`);
    if (!CODES.has(e.code)) failures.push(`${label}: code ${e.code} is not a documented code`);
    const wanted = code === undefined ? undefined : Array.isArray(code) ? code : [code];
    if (wanted && !wanted.includes(e.code)) failures.push(`${label}: code ${e.code} (want ${wanted.join("|")})`);
    if (!/^application\/json/.test(r.headers.get("content-type") ?? "")) failures.push(`${label}: error content-type`);
  }
  return { fake, clock, failures, call, expectCall };
}

export const prompt = { text: "Fix the login bug" };
export const big = (n: number) => "x".repeat(n);

/** A small SSE parser written from the WHATWG event-stream rules (CRLF/LF/CR lines, optional space after the colon). */
export function parseSse(text: string): Array<{ id: string | undefined; event: string | undefined; data: Json }> {
  const out: Array<{ id: string | undefined; event: string | undefined; data: Json }> = [];
  let event: string | undefined;
  let data: string[] = [];
  let id: string | undefined;
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === "") {
      if (data.length > 0) out.push({ id, event, data: JSON.parse(data.join("\n")) });
      event = undefined;
      data = [];
      id = undefined;
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") data.push(value);
    else if (field === "id") id = value;
  }
  return out;
}
