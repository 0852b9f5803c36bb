// The relay: the block builds a relay in front of api.example.com (the fake) and exports it as a Worker would. The
// setup gives it the key and a toy session store (cookie `session=<user>`; alice owns the agent made here). After
// the block, a keyless page client talks to the exported handler: alice reads her agent, streams its run to the
// end, sends a follow-up and cancels it; a page without a session, and alice on someone else's agent, are refused
// with nothing sent upstream; no byte the page received holds the key.
// biome-ignore-all lint/correctness/noUnusedVariables: the README block that follows this setup uses them.
import { AgentsClient as SetupAgentsClient } from "agentline";
import { expectAfterSnippet, fakeNetwork, type SnippetModule } from "../network.js";

const apiKey = "test-key";
// A virtual clock that the fake's own waits move forward: runs stream to the end at once, and a follow-up is still
// running when it is cancelled right after it was sent.
let clock = Date.parse("2026-01-01T00:00:00Z");
const fake = fakeNetwork({
  apiKeys: [apiKey],
  run: { creatingMs: 0, runningMs: 5_000 },
  now: () => clock,
  sleep: async (ms) => {
    clock += ms;
  },
});
const upstream = new SetupAgentsClient({ apiKey, baseUrl: "https://api.example.com" });
const mine = await upstream.agents.create({ prompt: { text: "Add a --dry-run flag to the release script" } });
const theirs = await upstream.agents.create({ prompt: { text: "Someone else's agent" } });
const owners = new Map([
  [mine.agent.id, "alice"],
  [theirs.agent.id, "bob"],
]);

/** The signed-in user of a request: a toy session cookie (`session=alice`). */
async function sessionUser(request: Request): Promise<string | undefined> {
  return /(?:^|;\s*)session=(\w+)/.exec(request.headers.get("cookie") ?? "")?.[1];
}
/** Whether `user` may see and drive `agentId`. */
async function ownsAgent(user: string, agentId: string | undefined): Promise<boolean> {
  return agentId !== undefined && owners.get(agentId) === user;
}

type Relay = (request: Request) => Promise<Response>;
function pageClient(relay: Relay, cookie: string | undefined, received: string[]): SetupAgentsClient {
  return new SetupAgentsClient({
    baseUrl: "https://app.example.com/api/agents",
    maxRetries: 0,
    fetch: async (request) => {
      const sent = new Request(request);
      if (cookie) sent.headers.set("cookie", cookie);
      const response = await relay(sent);
      response.headers.forEach((value, name) => {
        received.push(`${name}: ${value}`);
      });
      received.push(await response.clone().text());
      return response;
    },
  });
}
async function refused(call: Promise<unknown>): Promise<boolean> {
  return call.then(
    () => false,
    (error: { status?: number }) => error.status === 401 || error.status === 403,
  );
}

expectAfterSnippet(
  "the exported relay to serve alice's agent and run to a keyless page, refuse the rest upstream-free, and leak no key",
  async (block: SnippetModule) => {
    const relay = (block.default as { fetch: Relay }).fetch;
    const received: string[] = [];
    const alice = pageClient(relay, "session=alice", received);
    if ((await alice.agents.get(mine.agent.id)).id !== mine.agent.id) return false;
    let text = "";
    for await (const event of alice.runs.stream(mine.agent.id, mine.run.id))
      if (event.type === "assistant") text += event.text ?? "";
    if (text === "") return false;
    const followUp = await alice.runs.create(mine.agent.id, { prompt: { text: "Also update the changelog" } });
    await alice.runs.cancel(mine.agent.id, followUp.run.id);
    const before = fake.requests.length;
    const stranger = pageClient(relay, undefined, received);
    if (!(await refused(stranger.agents.get(mine.agent.id)))) return false;
    if (!(await refused(alice.agents.get(theirs.agent.id)))) return false;
    if (!(await refused(alice.runs.create(theirs.agent.id, { prompt: { text: "hi" } })))) return false;
    return fake.requests.length === before && !received.some((bytes) => bytes.includes(apiKey));
  },
);
