import { expect } from "vitest";
import { createFakeService, type FakeService, type FakeServiceOptions } from "../../../../src/testing/index.js";
import { BASE, type Json, manualClock } from "../helpers.js";

export type { Json };

/** Mid-month, mid-year and mid-hour: billing cycles, contracts and hourly aggregation all have history. */
export const START = Date.UTC(2030, 4, 15, 12, 30);
export const DAY = 86_400_000;

/** Basic credentials the spec's way: the key as username, an empty password. */
export const basicAuth = (key: string) => `Basic ${btoa(`${key}:`)}`;

interface CallOptions {
  body?: unknown;
  rawBody?: string;
  query?: Record<string, string | number>;
  /** Overrides the client's key; null sends no Authorization header. */
  key?: string | null;
  headers?: Record<string, string>;
}

/** A raw `fetch` client over the fake with Basic auth; answers status, parsed JSON and headers. */
export function adminClient(fake: FakeService, defaultKey: string) {
  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers = new Headers(options.headers);
    const key = options.key === undefined ? defaultKey : options.key;
    if (key !== null && !headers.has("authorization")) headers.set("authorization", basicAuth(key));
    const url = new URL(path, BASE);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, String(value));
    const init: RequestInit = { method, headers };
    const text = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    if (text !== undefined) {
      init.body = text;
      headers.set("content-type", "application/json");
    }
    const response = await fake.fetch(new Request(url, init));
    const raw = await response.text();
    const json: Json = raw === "" ? undefined : JSON.parse(raw);
    return { status: response.status, json, headers: response.headers };
  }
  return {
    call,
    get: (path: string, options?: CallOptions) => call("GET", path, options),
    post: (path: string, body?: unknown, options?: CallOptions) => call("POST", path, { ...options, body }),
    put: (path: string, body?: unknown, options?: CallOptions) => call("PUT", path, { ...options, body }),
    patch: (path: string, body?: unknown, options?: CallOptions) => call("PATCH", path, { ...options, body }),
    delete: (path: string, body?: unknown, options?: CallOptions) => call("DELETE", path, { ...options, body }),
  };
}

/** A fake on a manual clock with a team client (`team-key`) and an organization client (`org-key`). */
export function adminSetup(options: FakeServiceOptions = {}) {
  const clock = manualClock(START);
  const fake = createFakeService({ now: clock.now, ...options });
  return { fake, clock, team: adminClient(fake, "team-key"), org: adminClient(fake, "org-key") };
}

/** The `{code: 'error', message}` body most admin errors carry. */
export const codeError = { code: "error", message: expect.any(String) };
