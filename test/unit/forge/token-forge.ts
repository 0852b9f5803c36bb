// Installation tokens against a forge written here from the spec (Code Forge API § Credentials, § Fully described
// operations): it checks each app JWT with WebCrypto, mints `oit_` tokens per installation (narrowing only, at most
// 15 minutes and never past the JWT's exp), refuses a revoked or foreign token with 401, and counts every request.
// Shared by the installation-token tests (app-auth-tokens, app-auth-token-caches).
import { ForgeApp } from "../../../src/forge/index.js";
export const BASE = "https://forge.adv-tokens.example";
export const APP = "app_tok";
export const START = Date.parse("2026-11-28T12:00:00Z");

export const bytes = (text: string) =>
  Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (char) => char.charCodeAt(0));
export const claimsOf = (jwt: string) =>
  JSON.parse(new TextDecoder().decode(bytes(jwt.split(".")[1] as string))) as { exp: number; iat: number };
export const rpc = (status: number, code: number, message: string) =>
  Response.json({ code, message, details: [] }, { status, headers: { "x-request-id": `req_${crypto.randomUUID()}` } });

interface Issued {
  installationId: string;
  scopes: string[];
  repositoryIds: string[];
  expiresAt: number;
}

export async function tokenForge(options: { lifetimeMs?: number } = {}) {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  const clock = { now: START };
  const issued = new Map<string, Issued>();
  const revoked = new Set<string>();
  const log: string[] = [];
  /** Scripted answers for the next mints (status), in order; then normal mints. */
  const mintFailures: number[] = [];
  /** How many of the next GETs to hold, and the gates of those held (opened one by one). */
  let toHold = 0;
  const gates: Array<() => void> = [];
  const forge = {
    clock,
    issued,
    revoked,
    log,
    mintFailures,
    privateKey: pair.privateKey,
    mints: () => log.filter((line) => line.startsWith("POST ")).length,
    gets: () => log.filter((line) => line.startsWith("GET ")).length,
    holdGets(count: number) {
      toHold = count;
    },
    releaseOne() {
      gates.shift()?.();
    },
    fetch: async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const path = url.pathname.replace(/^\/v1\/forge/, "");
      const bearer = (request.headers.get("authorization") ?? "").replace(/^Bearer /, "");
      const mint = /^\/app\/installations\/([^/]+)\/access_tokens$/.exec(path);
      if (mint && request.method === "POST") {
        const installationId = decodeURIComponent(mint[1] as string);
        log.push(`POST ${installationId}`);
        const [h, p, s] = bearer.split(".") as [string, string, string];
        const ok = await crypto.subtle
          .verify("Ed25519", pair.publicKey, bytes(s ?? ""), new TextEncoder().encode(`${h}.${p}`))
          .catch(() => false);
        if (!ok) return rpc(401, 16, "bad app JWT");
        const failure = mintFailures.shift();
        if (failure !== undefined) return rpc(failure, failure === 401 ? 16 : 13, "scripted mint failure");
        const body = (await request.json()) as { scopes?: string[]; repositoryIds?: string[] };
        const jwtExp = claimsOf(bearer).exp * 1000;
        const expiresAt = Math.min(clock.now + (options.lifetimeMs ?? 15 * 60_000), jwtExp);
        const token = `oit_${crypto.randomUUID().replaceAll("-", "")}`;
        issued.set(token, {
          installationId,
          scopes: body.scopes ?? [],
          repositoryIds: body.repositoryIds ?? [],
          expiresAt,
        });
        return Response.json({ token, expiresAt: new Date(expiresAt).toISOString() }, { status: 201 });
      }
      log.push(`GET ${path}${url.search}`);
      if (toHold > 0) {
        toHold--;
        await new Promise<void>((resolve) => gates.push(resolve));
      }
      const grant = issued.get(bearer);
      if (!grant || revoked.has(bearer) || grant.expiresAt <= clock.now) return rpc(401, 16, "unauthenticated");
      // The repository list names the installation the token belongs to, so a test sees whose token was used.
      return Response.json({
        repositories: [],
        nextPageToken: "",
        repoSelectionMode: grant.installationId,
      });
    },
  };
  return forge;
}

export type TokenForge = Awaited<ReturnType<typeof tokenForge>>;

export function appOf(forge: TokenForge, extra: Partial<ConstructorParameters<typeof ForgeApp>[0]> = {}) {
  return new ForgeApp({
    appId: APP,
    privateKey: forge.privateKey,
    baseUrl: BASE,
    fetch: forge.fetch,
    now: () => forge.clock.now,
    pointsBudget: false,
    maxRetries: 0,
    ...extra,
  });
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
