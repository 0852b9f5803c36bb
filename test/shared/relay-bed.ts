// The test bed of the shared relay cases: the fake service upstream, a relay (agentline/relay) holding the only key,
// and a keyless page client whose `fetch` goes through a recorder of the page's leg. The recorder keeps what the page
// sent and every byte it got back (status, headers, body), and can cut the next run stream after some events the way
// a dropped connection does, so the page's client has to resume through the relay.
import type { SharedSdk } from "./suite.js";

/** The page's origin and the relay's mount path: the page's client uses `${PAGE_ORIGIN}${BASE_PATH}` as its baseUrl. */
export const PAGE_ORIGIN = "https://app.agentline.test";
export const BASE_PATH = "/api/agents";
/** The only key in the bed, held by the relay's client: distinctive, so a leak of any form of it is found. */
export const RELAY_KEY = "relay-key-5b8e2d17c4a94f03";
export const STREAM_ROUTE = "GET /v1/agents/:id/runs/:runId/stream";

/** One page request as the relay received it. */
export interface PageSent {
  method: string;
  path: string;
  authorization: string | null;
  lastEventId: string | null;
}

type Handler = (request: Request) => Promise<Response>;
/** The relay as an app calls it: `(request, env?, ctx?)`, as Workers, Deno, Bun and hono do. */
export type RelayHandler = (request: Request, env?: unknown, ctx?: unknown) => Promise<Response>;

/** Options of {@link relayBed}. */
export interface RelayBedOptions {
  /** Options of `createAgentsRelay` besides `client` and `basePath` (default `authorize: () => true`). */
  relay?: Record<string, unknown>;
  /** Wraps the fake's `fetch` as the relay's client sees it (an upstream that misbehaves). */
  upstream?: (fake: Handler) => Handler;
  /** Options of the fake service (`heartbeatIntervalMs`, …). */
  fake?: Record<string, unknown>;
  /** Options of the page's client (`maxRetries`, …). */
  page?: Record<string, unknown>;
  /** Where the app mounts the relay (default {@link BASE_PATH}); `""` for a router that strips its own prefix. */
  basePath?: string;
  /** The app around the relay (a hono app, say); the page's requests go to it. Default: the relay alone. */
  serve?: (relay: RelayHandler) => Handler;
}

const encoder = new TextEncoder();

/**
 * A body that records its text into `received` as the page reads it; with `cutAfter`, it errors like a dropped
 * connection (`TypeError("network error")`) once that many SSE events went through (keep-alive comments do not count),
 * and closes the relay's side. The relay sends whole events per chunk, so a cut falls between events.
 */
function recordedBody(
  body: ReadableStream<Uint8Array>,
  received: string[],
  pageSignal: AbortSignal,
  cutAfter?: number,
) {
  const reader = body.getReader();
  // The page aborting its fetch closes the connection: the server sees its answer's body cancelled.
  pageSignal.addEventListener("abort", () => void reader.cancel(pageSignal.reason).catch(() => {}), { once: true });
  const decoder = new TextDecoder();
  let events = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        return;
      }
      let text = decoder.decode(value, { stream: true });
      if (cutAfter !== undefined) {
        let kept = "";
        for (const block of text.split(/(?<=\n\n)/)) {
          if (events >= cutAfter) break;
          kept += block;
          if (/^(event|data|id):/m.test(block)) events++;
        }
        if (events >= cutAfter) {
          received.push(kept);
          controller.enqueue(encoder.encode(kept));
          await reader.cancel();
          controller.error(new TypeError("network error"));
          return;
        }
        text = kept;
      }
      received.push(text);
      controller.enqueue(encoder.encode(text));
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/** One upstream run stream connection, as {@link tracked} follows it. */
interface UpstreamStream {
  open: boolean;
}

/**
 * The upstream `fetch` with every run stream connection followed until it is closed: its body read to the end,
 * failed or cancelled, or its request aborted.
 */
function tracked(fetch: Handler, streams: UpstreamStream[]): Handler {
  return async (request) => {
    const response = await fetch(request);
    if (!new URL(request.url).pathname.endsWith("/stream") || response.body === null) return response;
    const stream = { open: true };
    streams.push(stream);
    const close = () => {
      stream.open = false;
    };
    request.signal.addEventListener("abort", close, { once: true });
    const reader = response.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) {
            close();
            controller.close();
          } else controller.enqueue(value);
        } catch (error) {
          close();
          throw error;
        }
      },
      cancel(reason) {
        close();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

/**
 * The fake (on a virtual clock: every sleep moves time at once, UUIDs from a counter so that two beds make the same
 * ids), the relay's keyed client, the relay, and a keyless page client through the recorded page leg.
 */
export function relayBed(sdk: SharedSdk, options: RelayBedOptions = {}) {
  let now = Date.UTC(2030, 0, 1);
  let uuid = 0;
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    now += ms;
    await Promise.resolve();
  };
  const fake = sdk.createFakeService({
    apiKeys: [RELAY_KEY],
    now: () => now,
    sleep,
    randomUUID: () => `00000000-0000-4000-8000-${String(++uuid).padStart(12, "0")}`,
    ...options.fake,
  });
  const streams: UpstreamStream[] = [];
  const upstreamFetch = tracked(options.upstream ? options.upstream(fake.fetch) : fake.fetch, streams);
  const keyed = (extra: Record<string, unknown> = {}) =>
    new sdk.AgentsClient({
      apiKey: RELAY_KEY,
      baseUrl: "https://api.agentline.test",
      fetch: upstreamFetch,
      now: () => now,
      sleep,
      random: () => 0.5,
      // The relay runs on a server; the Chromium runner runs it in the page only to test it there too.
      dangerouslyAllowBrowser: true,
      ...extra,
    });
  const upstream = keyed();
  const relay = sdk.createAgentsRelay({
    client: upstream,
    basePath: options.basePath ?? BASE_PATH,
    authorize: () => true,
    ...options.relay,
  });
  const app: Handler = options.serve ? options.serve(relay) : relay;
  const sent: PageSent[] = [];
  const received: string[] = [];
  /** The page-leg cut to make: after `events` events of the page's stream request number `stream` (1 = first). */
  let plannedCut: { events: number; stream: number } | undefined;
  let pageStreams = 0;
  const pageFetch = async (request: Request) => {
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      path: url.pathname,
      authorization: request.headers.get("authorization"),
      lastEventId: request.headers.get("last-event-id"),
    });
    // What crosses the network: method, URL, headers and body, not the page's AbortSignal (the server sees the
    // connection close instead), so the relay is tested as a server would run it.
    const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
    const response = await app(new Request(request.url, { method: request.method, headers: request.headers, body }));
    let head = `${response.status} ${response.statusText}\n`;
    response.headers.forEach((value, name) => {
      head += `${name}: ${value}\n`;
    });
    received.push(head);
    if (response.body === null) return response;
    let cut: number | undefined;
    if (url.pathname.endsWith("/stream") && ++pageStreams === plannedCut?.stream) {
      cut = plannedCut.events;
      plannedCut = undefined;
    }
    const recorded = recordedBody(response.body, received, request.signal, cut);
    return new Response(recorded, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
  // Keyless: no `apiKey` property at all (relay mode), as a page has it.
  const page = new sdk.AgentsClient({
    baseUrl: `${PAGE_ORIGIN}${BASE_PATH}`,
    fetch: pageFetch,
    now: () => now,
    sleep,
    random: () => 0.5,
    ...options.page,
  });
  return {
    fake,
    upstream,
    keyed,
    relay,
    /** The relay, or the app around it: what the page's requests reach. */
    app,
    page,
    /** What the page sent, in order. */
    sent,
    /** Every text the page received: each answer's status line and headers, then its body as read. */
    received,
    /** Upstream run stream connections still open: neither read to the end, failed, cancelled nor aborted. */
    upstreamStreamsOpen: () => streams.filter((stream) => stream.open).length,
    /** Cuts the page leg of the next run stream (or of the `later`th one after it) after `events` events. */
    cutNextStream(events: number, later = 0) {
      plannedCut = { events, stream: pageStreams + 1 + later };
    },
    advance(ms: number) {
      now += ms;
    },
    /** A raw request to the app, below the relay's base path. */
    call(method: string, path: string, init: RequestInit = {}) {
      return app(new Request(`${PAGE_ORIGIN}${BASE_PATH}${path}`, { method, ...init }));
    },
  };
}
