// Where the relay sends the page's calls: a real Cloud Agents service when the Worker's env names one, else the
// fake service (agentline/testing) inside the Worker, whose runs lose their upstream stream once mid-run so the
// resumption through the relay has something to do.
import { AgentsClient } from "agentline";
import { createFakeService, type RunScriptOptions } from "agentline/testing";

/** What the Worker reads from its env to reach a real service (both set: real; otherwise the fake). */
export interface UpstreamEnv {
  AGENTLINE_BASE_URL?: string;
  AGENTLINE_API_KEY?: string;
}

/** The fake's runs: about seven seconds each, so a person can watch the text arrive. */
export const DEMO_RUN: RunScriptOptions = { creatingMs: 800, runningMs: 6_000, assistantChunks: 12, toolCalls: 3 };

/** Upstream, every run's first stream connection drops after this many events; the page resumes it through the relay. */
export const UPSTREAM_DROP_AFTER_EVENTS = 5;

/** The key the fake accepts: it opens nothing but the fake in this Worker, and never reaches the page. */
export const FAKE_KEY = "fake-service-key";

/** The fake's fetch, arming a stream drop for each run it creates (the first connection to that run's stream). */
function fakeWithDrops(): (request: Request) => Promise<Response> {
  const fake = createFakeService({ apiKeys: [FAKE_KEY], run: DEMO_RUN });
  return async (request) => {
    const response = await fake.fetch(request);
    const { pathname } = new URL(request.url);
    if (request.method === "POST" && response.status === 201 && /^\/v1\/agents(\/[^/]+\/runs)?$/.test(pathname)) {
      const created = (await response.clone().json()) as { agent?: { id: string }; run: { id: string } };
      const agentId = created.agent?.id ?? pathname.split("/")[3];
      fake.faults.add({
        kind: "stream_drop",
        route: `GET /v1/agents/${agentId}/runs/${created.run.id}/stream`,
        afterEvents: UPSTREAM_DROP_AFTER_EVENTS,
      });
    }
    return response;
  };
}

let fakeClient: AgentsClient | undefined;

/** The client the relay holds: on the real service named by `env`, or on this isolate's fake (made once). */
export function upstreamClient(env: UpstreamEnv): { client: AgentsClient; fake: boolean } {
  if (env.AGENTLINE_BASE_URL && env.AGENTLINE_API_KEY) {
    return {
      client: new AgentsClient({ baseUrl: env.AGENTLINE_BASE_URL, apiKey: env.AGENTLINE_API_KEY }),
      fake: false,
    };
  }
  fakeClient ??= new AgentsClient({
    baseUrl: "https://fake.agentline.test",
    apiKey: FAKE_KEY,
    fetch: fakeWithDrops(),
  });
  return { client: fakeClient, fake: true };
}
