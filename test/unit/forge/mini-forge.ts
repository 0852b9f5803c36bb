// A small Code Forge written from the spec alone (not from src/testing): the token mint (with a gate the test opens,
// so a mint can be held in flight without real waits), the installation's repository list, and scripted answers for
// any other route. Every request is recorded as `METHOD /path` below the forge prefix.
import { generateAppKeyPair } from "../../../src/forge/keys.js";

export const MINI_BASE_URL = "https://forge.mini.example";
const PREFIX = "/v1/forge";

/** A scripted answer: a status, a JSON body and headers. */
export interface MiniAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What {@link miniForge} can be told. */
export interface MiniForgeOptions {
  /** The mint's `expiresAt` for a token minted at `now` (default: 15 minutes later, RFC 3339). */
  expiresAt?: (now: number) => string;
  /** Answers by `METHOD /path` (below the prefix); an array answers in turn, its last entry repeating. */
  routes?: Record<string, MiniAnswer | MiniAnswer[]>;
  now?: () => number;
}

/** A spec-shaped error body (google.rpc.Status). */
export function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}) {
  return { status, body: { code, message, details: [] }, headers } satisfies MiniAnswer;
}

/** A fresh app key pair and a forge: `fetch` to inject, the request log, the mints and a gate on them. */
export async function miniForge(options: MiniForgeOptions = {}) {
  const keys = await generateAppKeyPair();
  const now = options.now ?? Date.now;
  const requests: string[] = [];
  const mints: Array<{ installationId: string; body: unknown }> = [];
  const tokens = new Set<string>();
  let gate: Promise<void> | undefined;
  let openGate: (() => void) | undefined;
  const turns = new Map<string, number>();

  const forge = {
    keys,
    requests,
    mints,
    /** Holds every mint until {@link release} (mints already waiting stay held). */
    hold(): void {
      gate = new Promise((resolve) => {
        openGate = resolve;
      });
    },
    release(): void {
      openGate?.();
      gate = undefined;
    },
    /** How many requests were sent as `METHOD /path`. */
    count(line: string): number {
      return requests.filter((each) => each === line).length;
    },
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname;
      const line = `${request.method} ${path}`;
      requests.push(line);
      const bearer = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
      const mint = /^\/app\/installations\/([^/]+)\/access_tokens$/.exec(path);
      if (mint && request.method === "POST") {
        // An app JWT is three base64url parts (its signature is checked by the app-jwt tests, not here).
        if (bearer.split(".").length !== 3) return json(rpcError(401, 16, "an app JWT is required"));
        const body = await request.json();
        const installationId = decodeURIComponent(mint[1] as string);
        mints.push({ installationId, body });
        if (gate) await gate;
        const token = `oit_${crypto.randomUUID().replaceAll("-", "")}`;
        tokens.add(token);
        const expiresAt = options.expiresAt?.(now()) ?? new Date(now() + 15 * 60_000).toISOString();
        return json({ status: 201, body: { token, expiresAt } });
      }
      const scripted = options.routes?.[line];
      if (scripted !== undefined) {
        const turn = turns.get(line) ?? 0;
        turns.set(line, turn + 1);
        const answers = Array.isArray(scripted) ? scripted : [scripted];
        return json(answers[Math.min(turn, answers.length - 1)] as MiniAnswer);
      }
      if (!tokens.has(bearer) && !bearer.startsWith("utok_")) return json(rpcError(401, 16, "unknown token"));
      if (line === "GET /installation/repos") {
        return json({ status: 200, body: { repositories: [], nextPageToken: "", repoSelectionMode: "all" } });
      }
      return json(rpcError(404, 5, `no route ${line}`));
    },
  };
  return forge;
}

function json(answer: MiniAnswer): Response {
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status,
    headers: { "content-type": "application/json", "x-request-id": `req_${crypto.randomUUID()}`, ...answer.headers },
  });
}
