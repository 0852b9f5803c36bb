// A key set or discovery address may carry a credential (`https://user:token@…`, `…?token=…`): no error about it may
// show one, on any surface, whatever the fetch failed with — an engine's error that quotes the address (as Deno's
// does) included. Addresses written here; the failing fetches are plain functions.
import { describe, expect, it } from "vitest";
import { ForgeKeys } from "../../../src/webhooks/keys.js";
import { surfacesOf } from "../core/secret-echo.js";

const SECRET = "s3cretKeySetToken0123";
const ADDRESSES = [
  `https://keyreader:${SECRET}@forge.example/v1/forge/keys`,
  `https://${SECRET}@forge.example/v1/forge/keys`,
  `https://forge.example/v1/forge/keys?token=${SECRET}`,
  `https://forge.example/v1/forge/keys#${SECRET}`,
];

/** Every way the fetch can fail, each quoting the address it was given where an engine would. */
const FAILURES: Record<string, (request: Request, url: string) => Promise<Response>> = {
  "connection error quoting the address": async (_request, url) => {
    throw new TypeError(`error sending request for url (${url}): connection refused`);
  },
  "503": async () => new Response("down", { status: 503 }),
  "not JSON": async () => new Response("<html>portal</html>", { status: 200 }),
  "no keys": async () => Response.json({ keys: [] }),
};

describe("ForgeKeys: the key set address's private parts", () => {
  it(`${ADDRESSES.length} addresses × ${Object.keys(FAILURES).length} failures × 2 sources: 0 surfaces show the credential`, async () => {
    let hits = 0;
    let errors = 0;
    for (const address of ADDRESSES) {
      for (const [, fail] of Object.entries(FAILURES)) {
        const sources = [
          new ForgeKeys({ jwksUrl: address, fetch: (request: Request) => fail(request, address) }),
          ForgeKeys.fromDiscovery(address.replace("/keys", ""), {
            fetch: (request: Request) => fail(request, request.url),
          }),
        ];
        for (const keys of sources) {
          const error = await keys.getKeys().then(
            () => undefined,
            (thrown: unknown) => thrown,
          );
          expect(error).toBeDefined();
          errors++;
          for (const [, text] of surfacesOf(error)) if (text.includes(SECRET)) hits++;
        }
      }
    }
    console.log(`key set addresses: ${errors} errors, ${hits} surfaces showing the credential`);
    expect(errors).toBe(ADDRESSES.length * Object.keys(FAILURES).length * 2);
    expect(hits).toBe(0);
  });

  it("still names the address's origin and path, so the failure is findable", async () => {
    const keys = new ForgeKeys({
      jwksUrl: ADDRESSES[2] as string,
      fetch: async () => new Response("", { status: 503 }),
    });
    const error = (await keys.getKeys().catch((thrown: unknown) => thrown)) as Error & { cause?: Error };
    expect(String(error.cause?.message)).toContain("https://forge.example/v1/forge/keys: 503");
  });
});
