import { createFakeService, type FakeService, type FakeServiceOptions } from "../../../src/testing/index.js";

/** Parsed JSON as tests read it: loosely typed on purpose. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
export type Json = any;

export const BASE = "https://api.example.test";

/** A manual clock: tests move `clock.t` by hand. */
export function manualClock(start = Date.UTC(2030, 0, 1)) {
  const clock = { t: start, now: () => clock.t };
  return clock;
}

/** A fake on a manual clock, plus the clock. */
export function setup(options: FakeServiceOptions = {}) {
  const clock = manualClock();
  const fake = createFakeService({ now: clock.now, ...options });
  return { fake, clock, api: client(fake) };
}

interface CallOptions {
  body?: unknown;
  /** Raw body text, sent as is. */
  rawBody?: string;
  key?: string | null;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A tiny client over `fake.fetch` with real `Request`s; answers parsed JSON and the response. */
export function client(fake: FakeService, defaultKey = "test-key") {
  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers = new Headers(options.headers);
    const key = options.key === undefined ? defaultKey : options.key;
    if (key !== null && !headers.has("authorization")) headers.set("authorization", `Bearer ${key}`);
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers.set("content-type", "application/json");
    const init: RequestInit = { method, headers };
    if (body !== undefined) init.body = body;
    if (options.signal) init.signal = options.signal;
    const response = await fake.fetch(new Request(`${BASE}${path}`, init));
    const text = await response.text();
    const json: Json = text === "" ? undefined : JSON.parse(text);
    return { status: response.status, json, headers: response.headers, text };
  }
  return {
    call,
    get: (path: string, options?: CallOptions) => call("GET", path, options),
    post: (path: string, body?: unknown, options?: CallOptions) => call("POST", path, { ...options, body }),
    delete: (path: string, options?: CallOptions) => call("DELETE", path, options),
    /** Creates an agent and returns `{agent, run}`. */
    async createAgent(body: Record<string, unknown> = {}) {
      const result = await call("POST", "/v1/agents", { body: { prompt: { text: "Fix the login bug" }, ...body } });
      if (result.status !== 201) throw new Error(`create failed: ${result.status} ${result.text}`);
      return result.json as { agent: Json; run: Json };
    },
  };
}

/** Basic credentials as the spec puts them: key as username, empty password. */
export function basic(user: string, password = ""): string {
  return `Basic ${btoa(`${user}:${password}`)}`;
}
