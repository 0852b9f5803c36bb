// The terminal part of `npm run demo`: creates an agent, streams its first run live (resuming across a dropped
// connection), then pages the agent list. Against the embedded fake service served on 127.0.0.1, or against the real
// service named by AGENTLINE_BASE_URL and AGENTLINE_API_KEY (both set). scripts/demo.ts runs it and then serves the
// live-run page; tests call it in-process with their own server and printer.
import { AgentsClient, type RunEvent } from "../src/index.js";
import { createFakeService } from "../src/testing/index.js";
import { serveFetch } from "./lib/serve-fetch.js";

/** Where the demo prints: whole lines (`say`, time-stamped) and streamed text (`write`, no newline). */
export interface DemoOutput {
  say(line: string): void;
  write(text: string): void;
  stamp(): string;
}

/** The environment the demo reads: a real service only when both are set. */
export interface AgentsDemoEnv {
  AGENTLINE_BASE_URL?: string | undefined;
  AGENTLINE_API_KEY?: string | undefined;
}

/** Prints to stdout, each line stamped with the seconds since `started`. */
export function consoleOutput(started = Date.now()): DemoOutput {
  const stamp = () => `+${((Date.now() - started) / 1000).toFixed(1).padStart(5)}s`;
  return {
    stamp,
    say: (line) => console.log(`${stamp()}  ${line}`),
    write: (text) => void process.stdout.write(text),
  };
}

/**
 * Runs the terminal demo; throws what the SDK threw (an AgentlineError) when the service refuses or cannot be reached,
 * or an AbortError once `signal` aborts (Ctrl-C): the stream's connection is then closed, and the fake stopped.
 */
export async function agentsDemo(env: AgentsDemoEnv, out: DemoOutput, signal?: AbortSignal): Promise<void> {
  const { say } = out;
  const realUrl = env.AGENTLINE_BASE_URL;
  const realKey = env.AGENTLINE_API_KEY;
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
    // Only one of the two set: the user meant the real service, so say why the fake is used instead.
    const missing = realUrl ? "AGENTLINE_API_KEY" : realKey ? "AGENTLINE_BASE_URL" : undefined;
    say(
      missing
        ? `fake service listening on ${served.url} (${missing} is not set: the real service needs AGENTLINE_BASE_URL and AGENTLINE_API_KEY)`
        : `fake service listening on ${served.url} (set AGENTLINE_BASE_URL and AGENTLINE_API_KEY to use a real one)`,
    );
  } else {
    say(`using the service at ${baseUrl}`);
  }

  try {
    const client = new AgentsClient({
      apiKey,
      baseUrl,
      // A retry waits (a 429's Retry-After, a 5xx, a dropped connection): say so rather than sit silent.
      hooks: {
        beforeRetry: [
          ({ method, path, status, delayMs, attempt, maxRetries }) =>
            say(
              `… ${method} ${path} answered ${status ?? "no response"}: retrying in ${(delayMs / 1000).toFixed(1)} s (retry ${attempt} of ${maxRetries})`,
            ),
        ],
      },
    });
    const { agent, run } = await client.agents.create(
      { name: "agentline demo", prompt: { text: "Add a --dry-run flag to the release script and document it" } },
      { signal },
    );
    say(`created agent ${agent.id} (${agent.status}); first run ${run.id}`);

    const stream = client.runs.stream(agent.id, run.id, { heartbeatTimeoutMs: 20_000, signal });
    let reconnects = 0;
    let speaking = false; // whether the cursor sits after streamed assistant text
    const endLine = () => {
      if (speaking) out.write("\n");
      speaking = false;
    };
    const show = (event: RunEvent): void => {
      switch (event.type) {
        case "status":
          endLine();
          say(`run ${event.data.status}`);
          break;
        case "assistant":
          if (!speaking) out.write(`${out.stamp()}  assistant: `);
          speaking = true;
          out.write(event.text ?? "");
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

    if (!useReal) {
      // A few more agents so the list below spans several pages.
      for (let i = 1; i <= 4; i++)
        await client.agents.create({ prompt: { text: `Housekeeping task ${i}` } }, { signal });
    }
    let pageNo = 0;
    for await (const page of client.agents.list({ limit: 2 }, { signal }).pages()) {
      pageNo++;
      say(`agents page ${pageNo}: ${page.items.map((a) => `${a.name ?? a.id} [${a.status}]`).join(", ")}`);
      if (pageNo >= 10) break;
    }
    say("done");
  } finally {
    await close();
  }
}
