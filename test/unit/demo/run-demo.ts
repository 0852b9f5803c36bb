// Runs `scripts/demo.ts` as `npm run demo` does (tsx), in a child process of its own, with a clean AGENTLINE_* env,
// bounded in time: a run that has not ended after `timeoutMs` is killed (by its pid) and reported as hung.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

export interface DemoRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  hung: boolean;
  stdout: string;
  stderr: string;
}

/**
 * `interruptWhen`: once stdout matches it, the child gets SIGINT (what Ctrl-C sends); `interrupted` then says so.
 */
export function runDemo(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 45_000,
  interruptWhen?: RegExp,
): Promise<DemoRun & { interrupted: boolean }> {
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value !== undefined && !name.startsWith("AGENTLINE_")) clean[name] = value;
  }
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/demo.ts", ...args], {
    cwd: repoRoot,
    env: { ...clean, AGENTLINE_DEMO_EXIT: "1", NO_COLOR: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  let interrupted = false;
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
    if (interruptWhen && !interrupted && interruptWhen.test(stdout)) {
      interrupted = true;
      child.kill("SIGINT");
    }
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    let hung = false;
    const timer = setTimeout(() => {
      hung = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, hung, stdout, stderr, interrupted });
    });
  });
}
