// The live-run page and its relay in one Worker. `/api/agents/…` is createAgentsRelay (agentline/relay): it holds
// the key, asks `authorize` about every call and relays REST calls and run streams to the page. Everything else is
// the built page (the `ASSETS` binding: wrangler.toml's [assets], or scripts/demo.ts's static files in Node), and
// the page's first load opens a session (a signed cookie) that `authorize` then requires. With AGENTLINE_BASE_URL
// and AGENTLINE_API_KEY set the relay talks to that service; without them, to the fake service in this Worker.
import { type AgentsRelay, createAgentsRelay, DEFAULT_RELAY_OPERATIONS } from "agentline/relay";
import { cutAfterEvents, isFirstStreamConnection, PAGE_DROP_AFTER_EVENTS } from "./page-drops.js";
import { newSessionCookie, readSession, sessionKey } from "./session.js";
import { type UpstreamEnv, upstreamClient } from "./upstream.js";

/** The Worker's bindings (wrangler.toml; in Node, what scripts/demo.ts passes). */
export interface Env extends UpstreamEnv {
  /** The built page's files. */
  ASSETS: { fetch(request: Request): Promise<Response> };
  /** Signs session cookies; the same in every isolate. Unset: a random key per isolate (fine for a local run). */
  SESSION_SECRET?: string;
  /** "on" or "off": cut each run's first page stream mid-run (a resume to watch). Default: on with the fake only. */
  DEMO_PAGE_DROPS?: string;
}

// Where the relay is mounted: the page's client takes it as `baseUrl`. (Not exported: workerd takes every export of
// the main module for a handler.)
const RELAY_PATH = "/api/agents";

/** The service's error format, so the page's client throws its typed error (here AuthenticationError). */
function signInFirst(): Response {
  const error = { code: "unauthorized", message: "No session: reload the page to start one." };
  return Response.json({ error }, { status: 401, headers: { "cache-control": "no-store" } });
}

interface Site {
  relay: AgentsRelay<Env>;
  key: CryptoKey;
  pageDrops: boolean;
}

// One relay per isolate and upstream: the client's connections, budgets and the fake's state live across requests.
let site: Promise<Site> | undefined;
let siteFor = "";

function siteOf(env: Env): Promise<Site> {
  // A changed setting (a rotated key, say) makes a new relay; in memory only, like the client that holds the key.
  const settings = [env.AGENTLINE_BASE_URL, env.AGENTLINE_API_KEY, env.SESSION_SECRET, env.DEMO_PAGE_DROPS].join("\n");
  if (site && siteFor === settings) return site;
  siteFor = settings;
  site = (async () => {
    const key = await sessionKey(env.SESSION_SECRET);
    const { client, fake } = upstreamClient(env);
    const relay = createAgentsRelay<Env>({
      client,
      basePath: RELAY_PATH,
      // The defaults (read an agent and its runs, stream, follow up, cancel) and creating an agent, which the page does.
      operations: [...DEFAULT_RELAY_OPERATIONS, "agents.create"],
      authorize: async (request) => {
        if (!(await readSession(request, key))) return signInFirst();
        // A real app also checks here that the session's user may act on `agentId` (its own agents, its team's).
        return true;
      },
    });
    return { relay, key, pageDrops: env.DEMO_PAGE_DROPS ? env.DEMO_PAGE_DROPS === "on" : fake };
  })();
  return site;
}

/** The Worker: the relay below {@link RELAY_PATH}, the page everywhere else. */
export default {
  async fetch(request: Request, env: Env, ctx?: unknown): Promise<Response> {
    const { relay, key, pageDrops } = await siteOf(env);
    const { pathname } = new URL(request.url);
    if (pathname === RELAY_PATH || pathname.startsWith(`${RELAY_PATH}/`)) {
      const response = await relay(request, env, ctx);
      return pageDrops && response.ok && isFirstStreamConnection(request)
        ? cutAfterEvents(response, PAGE_DROP_AFTER_EVENTS)
        : response;
    }
    const page = await env.ASSETS.fetch(request);
    if (request.method !== "GET" || (await readSession(request, key))) return page;
    // The first load (or a forged or expired cookie): open a session.
    const response = new Response(page.body, page);
    response.headers.append("set-cookie", await newSessionCookie(request, key));
    return response;
  },
};
