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
// The terminal part is scripts/demo-agents.ts. Exit codes: 0 done, 1 the service refused or could not be reached
// (one `demo failed: …` line, no stack trace, never a key), 2 an unknown variant or page, 130 Ctrl-C mid-run.
import { isAgentlineError } from "../src/index.js";
import { LIVE_RUN_EXAMPLES } from "./build-examples.mjs";
import { agentsDemo, consoleOutput } from "./demo-agents.js";
import { serveExample } from "./lib/serve-example.js";

const out = consoleOutput();
const say = out.say;

/** Usage mistakes (an unknown variant or framework): said plainly, exit code 2, before anything starts. */
class UsageError extends Error {}

/** Ctrl-C before the page is served: the demo stops (exit code 130) and says what it leaves behind. */
class Interrupted extends Error {}

async function main(): Promise<void> {
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  process.once("SIGINT", interrupt);
  try {
    await agentsDemo(process.env, out, stop.signal);
  } catch (error) {
    if (!stop.signal.aborted) throw error;
    const real = Boolean(process.env.AGENTLINE_BASE_URL && process.env.AGENTLINE_API_KEY);
    throw new Interrupted(
      real
        ? "demo interrupted (Ctrl-C): the run it started goes on at the service (its agent and run ids are above)"
        : "demo interrupted (Ctrl-C)",
    );
  } finally {
    process.off("SIGINT", interrupt);
  }
  await serveLiveRunPage();
}

/**
 * Serves the built React live-run example behind the relay and prints its URL; keeps serving until Ctrl-C only on a
 * terminal. The relay reaches the service the terminal demo used: the real one when its env names it.
 */
async function serveLiveRunPage(framework = "react"): Promise<void> {
  if (!FRAMEWORKS.includes(framework)) {
    throw new UsageError(`unknown page "${framework}": use one of ${FRAMEWORKS.join(", ")} (npm run demo -- page vue)`);
  }
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

/** The live-run pages `npm run demo -- page <framework>` serves: react, vue, svelte. */
const FRAMEWORKS: readonly string[] = LIVE_RUN_EXAMPLES.map((name) => name.replace(/-live-run$/, ""));

const runs: Record<string, () => Promise<void>> = {
  admin: () => import("./demo-admin.js").then((m) => m.adminDemo()),
  page: () => serveLiveRunPage(process.argv[3]),
};

/** What went wrong, in one line: never a stack trace, never a key (the SDK's errors are already scrubbed). */
function describe(error: unknown): string {
  if (isAgentlineError(error)) {
    const hint =
      error.code === "invalid_option" && process.env.AGENTLINE_BASE_URL
        ? " (check AGENTLINE_BASE_URL: the service's origin, such as https://api.example.com)"
        : "";
    return `${error.name} ${error.code}: ${error.message}${hint}`;
  }
  return error instanceof Error ? error.message : String(error);
}

const variant = process.argv[2];
const run = variant === undefined ? main : runs[variant];
if (!run) {
  console.error(
    `demo failed: unknown variant "${variant}": run \`npm run demo\`, \`npm run demo -- admin\` or \`npm run demo -- page <${FRAMEWORKS.join("|")}>\``,
  );
  process.exit(2);
}
run().catch((error: unknown) => {
  if (error instanceof Interrupted) {
    console.error(error.message);
    process.exit(130);
  }
  console.error(`demo failed: ${describe(error)}`);
  process.exit(error instanceof UsageError ? 2 : 1);
});
