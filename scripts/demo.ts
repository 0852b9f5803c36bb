// `npm run demo`: drives a cloud agent end to end with the SDK — against the embedded fake service on
// 127.0.0.1, or against a real service when AGENTLINE_BASE_URL and AGENTLINE_API_KEY are set.
// Then it serves the built React live-run example (examples/react-live-run, built first when its build is missing or
// out of date) on 127.0.0.1 behind the relay Worker of examples/live-run-relay (its fetch handler, in Node) and
// prints its URL: the page holds no key, the relay holds it and talks to the fake service inside it (or to the real
// service named by AGENTLINE_BASE_URL and AGENTLINE_API_KEY). It keeps serving until Ctrl-C when stdout is a
// terminal; when stdout is not a TTY, or AGENTLINE_DEMO_EXIT=1 is set, it stops right after printing the URL, so CI
// and scripts never hang.
// `npm run demo -- admin`: a team report through the Admin API (scripts/demo-admin.ts).
// `npm run demo -- page vue` (or react, svelte): only the live-run page of that example, behind the relay.
import { AgentsClient, isAgentlineError, type RunEvent } from "../src/index.js";
import { createFakeService } from "../src/testing/index.js";
import { serveExample } from "./lib/serve-example.js";
import { serveFetch } from "./lib/serve-fetch.js";

const started = Date.now();
const stamp = () => `+${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s`;
const say = (line: string) => console.log(`${stamp()}  ${line}`);

async function main(): Promise<void> {
  const realUrl = process.env.AGENTLINE_BASE_URL;
  const realKey = process.env.AGENTLINE_API_KEY;
  const useReal = Boolean(realUrl && realKey);

  let baseUrl = realUrl ?? "";
  let apiKey = realKey ?? "";
  let close = async () => {};
  if (!useReal) {
    const fake = createFakeService({ apiKeys: ["demo-key"], run: { creatingMs: 600, runningMs: 4_000 } });
    // Show off resumption: the first stream connection is cut after 7 events.
    fake.faults.add({ kind: "stream_drop", route: "GET /v1/agents/:id/runs/:runId/stream", afterEvents: 7 });
    const served = await serveFetch(fake.fetch);
    baseUrl = served.url;
    apiKey = "demo-key";
    close = served.close;
    say(`fake service listening on ${served.url} (set AGENTLINE_BASE_URL and AGENTLINE_API_KEY to use a real one)`);
  } else {
    say(`using the service at ${baseUrl}`);
  }

  try {
    const client = new AgentsClient({ apiKey, baseUrl });
    const { agent, run } = await client.agents.create({
      name: "agentline demo",
      prompt: { text: "Add a --dry-run flag to the release script and document it" },
    });
    say(`created agent ${agent.id} (${agent.status}); first run ${run.id}`);

    const stream = client.runs.stream(agent.id, run.id, { heartbeatTimeoutMs: 20_000 });
    let reconnects = 0;
    let speaking = false; // whether the cursor sits after streamed assistant text
    const endLine = () => {
      if (speaking) process.stdout.write("\n");
      speaking = false;
    };
    for await (const event of stream) {
      if (stream.reconnects > reconnects) {
        reconnects = stream.reconnects;
        endLine();
        say(
          `↻ connection dropped; reconnected with Last-Event-ID, resuming at event ${event.id ?? event.type} (nothing lost or repeated)`,
        );
      }
      show(event);
    }
    endLine();

    function show(event: RunEvent): void {
      switch (event.type) {
        case "status":
          endLine();
          say(`run ${event.data.status}`);
          break;
        case "assistant":
          if (!speaking) process.stdout.write(`${stamp()}  assistant: `);
          speaking = true;
          process.stdout.write(event.text ?? "");
          break;
        case "tool_call": {
          endLine();
          const { name, status, args } = event.data;
          const what = args && typeof args === "object" ? Object.values(args as Record<string, unknown>)[0] : "";
          say(
            `${status === "completed" ? "✓" : "…"} ${name} ${String(what ?? "")} — ${status === "completed" ? "done" : "running"}`,
          );
          break;
        }
        case "result":
          endLine();
          say(`result (${event.data.status}, ${event.data.durationMs ?? "?"} ms): ${event.data.text ?? "(no text)"}`);
          for (const branch of event.data.git?.branches ?? []) say(`  pushed ${branch.repoUrl} ${branch.branch ?? ""}`);
          break;
        default:
          break;
      }
    }

    if (!useReal) {
      // A few more agents so the list below spans several pages.
      for (let i = 1; i <= 4; i++) await client.agents.create({ prompt: { text: `Housekeeping task ${i}` } });
    }
    let pageNo = 0;
    for await (const page of client.agents.list({ limit: 2 }).pages()) {
      pageNo++;
      say(`agents page ${pageNo}: ${page.items.map((a) => `${a.name ?? a.id} [${a.status}]`).join(", ")}`);
      if (pageNo >= 10) break;
    }
    say("done");
  } finally {
    await close();
  }
  await serveLiveRunPage();
}

/**
 * Serves the built React live-run example behind the relay and prints its URL; keeps serving until Ctrl-C only on a
 * terminal. The relay reaches the service the terminal demo used: the real one when its env names it.
 */
async function serveLiveRunPage(framework = "react"): Promise<void> {
  const { AGENTLINE_BASE_URL, AGENTLINE_API_KEY } = process.env;
  const real = Boolean(AGENTLINE_BASE_URL && AGENTLINE_API_KEY);
  const example = `${framework}-live-run`;
  const page = await serveExample(example, 0, real ? { AGENTLINE_BASE_URL, AGENTLINE_API_KEY } : {});
  say(`live run page (examples/${example}, built, behind the relay at /api/agents): ${page.url}`);
  say(
    real
      ? `  the relay holds the key and talks to ${AGENTLINE_BASE_URL}; the page holds none`
      : "  the relay talks to a fake service inside it (each run's stream drops once on each leg, and resumes); the page holds no key",
  );
  say("  type a follow-up in the page to watch a new run stream in, or cancel one");
  if (!process.stdout.isTTY || process.env.AGENTLINE_DEMO_EXIT === "1") {
    await page.close();
    return;
  }
  say("serving it until Ctrl-C");
  await new Promise<void>((resolve) => process.once("SIGINT", () => resolve()));
  await page.close();
}

const runs: Record<string, () => Promise<void>> = {
  admin: () => import("./demo-admin.js").then((m) => m.adminDemo()),
  page: () => serveLiveRunPage(process.argv[3]),
};
const run = runs[process.argv[2] ?? ""] ?? main;
run().catch((error: unknown) => {
  if (isAgentlineError(error)) console.error(`demo failed: ${error.name} ${error.code}: ${error.message}`);
  else console.error("demo failed:", error);
  process.exit(1);
});
