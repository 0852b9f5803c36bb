// examples/deno-webhooks run as its README says (a `deno run` of main.ts, here a subprocess on 127.0.0.1), against
// the fake forge running in this Deno process: the fake serves its /keys to the example over HTTP and delivers to
// it over HTTP. The checks are test/examples/webhook-checks.mjs, one Deno.test each, then a clean stop.
// Run through `npm test` (step example-deno), which builds dist/ and grants run permission for the deno binary.
import type { FakeService } from "../../src/testing/index.js";

interface Check {
  name: string;
  run(): Promise<void>;
}
interface Target {
  webhookUrl: string;
  receiver: null;
  send(init: RequestInit): Promise<{ status: number }>;
  processedCount(deliveryId: string): Promise<number>;
}
interface ChildProcess {
  stdout: ReadableStream<Uint8Array>;
  stderr: ReadableStream<Uint8Array>;
  status: Promise<{ success: boolean; signal: string | null }>;
  kill(signal?: string): void;
}

// Deno's globals are typed here rather than globally, so the rest of test/ cannot use them by accident.
const { Deno } = globalThis as unknown as {
  Deno: {
    test(definition: { name: string; fn: () => Promise<void>; sanitizeOps: boolean; sanitizeResources: boolean }): void;
    serve(
      options: { hostname: string; port: number; onListen(): void },
      handler: (request: Request) => Promise<Response>,
    ): { addr: { port: number }; shutdown(): Promise<void> };
    execPath(): string;
    Command: new (
      command: string,
      options: { args: string[]; env: Record<string, string>; stdin: "null"; stdout: "piped"; stderr: "piped" },
    ) => { spawn(): ChildProcess };
    version: { deno: string };
  };
};

const at = (path: string) => new URL(`../../${path}`, import.meta.url);
// Imported by URL: dist/ exists only after a build, and the checks are plain JavaScript shared with Node.
const load = (path: string) => import(at(path).href);
const sdk = {
  ...(await load("dist/testing.js")),
  ...(await load("dist/forge.js")),
  ...(await load("dist/webhooks.js")),
};
const { createForge, webhookChecks } = (await load("test/examples/webhook-checks.mjs")) as {
  createForge(sdk: unknown): FakeService;
  webhookChecks(sdk: unknown, fake: FakeService, target: Target): Check[];
};

const fake = createForge(sdk);
// The fake gets a copy of each request without the connection's signal (Deno warns when that one is read).
const forgeServer = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return fake.fetch(new Request(request.url, { method: request.method, headers: request.headers, body }));
});

// The example, exactly as `deno task start` runs it but with permissions narrowed to this machine.
const example = new Deno.Command(Deno.execPath(), {
  args: [
    "run",
    `--config=${at("examples/deno-webhooks/deno.json").pathname}`,
    "--no-check",
    "--no-lock",
    "--allow-net=127.0.0.1",
    "--allow-env=FORGE_BASE_URL,KV_PATH,LISTEN_HOSTNAME,PORT",
    at("examples/deno-webhooks/main.ts").pathname,
  ],
  env: {
    FORGE_BASE_URL: `http://127.0.0.1:${forgeServer.addr.port}`,
    KV_PATH: ":memory:",
    LISTEN_HOSTNAME: "127.0.0.1",
    PORT: "0",
  },
  stdin: "null",
  stdout: "piped",
  stderr: "piped",
}).spawn();

// Everything the example prints, line by line: where it listens, what it processed, what it refused.
const log: string[] = [];
async function collect(stream: ReadableStream<Uint8Array>): Promise<void> {
  const decoder = new TextDecoder();
  let pending = "";
  for await (const bytes of stream) {
    const lines = (pending + decoder.decode(bytes, { stream: true })).split("\n");
    pending = lines.pop() ?? "";
    log.push(...lines);
  }
  if (pending) log.push(pending);
}
const reading = Promise.all([collect(example.stdout), collect(example.stderr)]);
let exited = false;
const exit = example.status.finally(() => {
  exited = true;
});

async function listeningUrl(timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const url = log.map((line) => /^listening on (http:\S+)$/.exec(line)?.[1]).find(Boolean);
    if (url) return url;
    if (exited || Date.now() > deadline) {
      throw new Error(`the example did not start (${exited ? "it exited" : "timed out"}):\n${log.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const webhookUrl = await listeningUrl().catch(async (error) => {
  example.kill("SIGTERM");
  await Promise.all([exit, reading, forgeServer.shutdown()]);
  throw error;
});

const target: Target = {
  webhookUrl,
  receiver: null, // the fake forge POSTs to webhookUrl with fetch, over real HTTP
  send: async (init) => {
    const response = await fetch(webhookUrl, init);
    await response.body?.cancel();
    return { status: response.status };
  },
  processedCount: async (id) => log.filter((line) => line.startsWith("processed ") && line.endsWith(` ${id}`)).length,
};

// One shared example process across the checks: its server and reader outlive each test, hence no sanitizers.
const options = { sanitizeOps: false, sanitizeResources: false };
for (const check of webhookChecks(sdk, fake, target)) {
  Deno.test({
    ...options,
    name: `example deno-webhooks (Deno ${Deno.version.deno}): ${check.name}`,
    fn: async () => {
      try {
        await check.run();
      } catch (error) {
        throw new Error(`${error instanceof Error ? error.message : error}\nthe example's log:\n${log.join("\n")}`);
      }
    },
  });
}

Deno.test({
  ...options,
  name: `example deno-webhooks (Deno ${Deno.version.deno}): stops on SIGTERM`,
  fn: async () => {
    example.kill("SIGTERM");
    const status = await exit;
    await Promise.all([reading, forgeServer.shutdown()]);
    if (status.signal !== "SIGTERM") throw new Error(`the example ended with ${JSON.stringify(status)}, not SIGTERM`);
  },
});
