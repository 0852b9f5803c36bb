import { describe, expect, it } from "vitest";
import { isAgentlineError } from "../../../src/core/errors.js";
import { FORGE_OPERATIONS, ForgeApp, ForgeClient, generateAppKeyPair } from "../../../src/forge/index.js";
import type { ForgeCredentialKind } from "../../../src/forge/operations.js";
import { type Clients, FORGE_INVOKERS, invoke, type Values } from "../core/route-invokers.js";

// Each forge route names the credentials it accepts (app JWT, installation token, user token). A client whose
// credential's kind is known (an installation from `ForgeApp.installation()`) is refused before the network with
// `wrong_credential` on a route that does not accept it, instead of the forge answering 401/403 after the points were
// spent. A `token` client's kind is unknown (a user token, or an installation token minted elsewhere): nothing is
// refused for it. Swept over every route reached through a ForgeClient method, counting requests at the fetch.
const VALUES: Values = {
  owner: "acme",
  repo: "widgets",
  ref: "heads/main",
  path: "docs/a.md",
  basehead: "main",
  pullNumber: "7",
};
const value = (name: string) => VALUES[name] ?? `${name}-1`;

async function clientsOf(kind: ForgeCredentialKind, fetch: typeof globalThis.fetch): Promise<Clients> {
  const keys = await generateAppKeyPair();
  const common = { baseUrl: "https://forge.example", fetch, maxRetries: 0 };
  const app = new ForgeApp({ appId: "app_1", privateKey: keys.privateKey, ...common });
  const forge = kind === "user" ? new ForgeClient({ token: "user-token", ...common }) : app.installation("inst_1");
  return { forge, app, publicKey: keys.publicKey } as unknown as Clients;
}

describe("operations a client's credential cannot perform", () => {
  it("are refused before the network with wrong_credential for an installation, never for a token of unknown kind", async () => {
    let sent = 0;
    const fetch = async () => {
      sent += 1;
      return new Response('{"error":{"code":"internal"}}', { status: 500 });
    };
    const problems: string[] = [];
    let refusedCount = 0;
    let allowedCount = 0;
    for (const kind of ["user", "installation"] as const) {
      const clients = await clientsOf(kind, fetch);
      for (const [name, invoker] of Object.entries(FORGE_INVOKERS)) {
        if (!invoker.method.startsWith("forge.")) continue;
        const route = FORGE_OPERATIONS[name as keyof typeof FORGE_OPERATIONS];
        const values = Object.fromEntries(
          [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => [match[1], value(match[1] as string)]),
        );
        const before = sent;
        const error = await invoke(clients, invoker, { ...VALUES, ...values }).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        const refused = isAgentlineError(error) && error.code === "wrong_credential";
        if (kind === "user" || route.credentials.includes(kind)) {
          allowedCount += 1;
          if (refused) problems.push(`${kind} ${name}: refused though the route accepts it or the kind is unknown`);
        } else {
          refusedCount += 1;
          if (!refused) problems.push(`${kind} ${name}: not refused (${String(error)})`);
          // An installation client first mints its token (one request); the operation itself must not be sent.
          if (sent - before > (kind === "installation" ? 1 : 0)) problems.push(`${kind} ${name}: sent`);
        }
      }
    }
    console.log(`${refusedCount} refused calls (0 sent), ${allowedCount} accepted kinds passed through`);
    expect(refusedCount).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });
});
