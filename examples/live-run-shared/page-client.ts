// The live-run pages' client: no key. The relay at /api/agents (examples/live-run-relay) holds it.
import { AgentsClient } from "agentline";

/** The page's client: relay mode. No key in the page; the session cookie goes along (same origin). */
export const client = new AgentsClient({ baseUrl: "/api/agents" });
