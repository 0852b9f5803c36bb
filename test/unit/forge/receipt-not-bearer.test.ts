// The spec: "The receipt is never a bearer credential." An installation receipt (a forge-signed JWT of typ
// forge-installation-receipt+jwt, signed here with a real Ed25519 key by jose, not by our code) given to a ForgeClient
// as its token, or handed out by a credential provider, is refused (wrong_credential) before anything is sent — and the refusal never
// quotes it. Any other token, JWT-shaped or not, goes out as before.
import { generateKeyPair, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";

async function receipt(typ: string): Promise<string> {
  const { privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ namespace_id: "ns_1", installedBy: { id: "u_1", email: "a@example.com", displayName: "A" } })
    .setProtectedHeader({ alg: "EdDSA", kid: "k1", typ })
    .setIssuer("https://forge.example.test/v1/forge")
    .setAudience("app_1")
    .setSubject("inst_1")
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .setJti("j1")
    .sign(privateKey);
}

const TYPES = [
  "forge-installation-receipt+jwt",
  "application/forge-installation-receipt+jwt",
  "Forge-Installation-Receipt+JWT",
];

describe("an installation receipt is never a bearer credential", () => {
  it(`${TYPES.length} receipt typ spellings × (token option, credential provider): refused, 0 sent, never quoted`, async () => {
    let sent = 0;
    const fetch = async () => {
      sent++;
      return Response.json({ items: [] });
    };
    const wrong: string[] = [];
    for (const typ of TYPES) {
      const token = await receipt(typ);
      const quoted = (error: unknown) => String(error).includes(token.split(".")[2] as string);
      const clients = {
        "token option": new ForgeClient({ token, baseUrl: "https://forge.example.test", fetch, maxRetries: 0 }),
        "credential provider": new ForgeClient({
          credential: { token: async () => token },
          baseUrl: "https://forge.example.test",
          fetch,
          maxRetries: 0,
        }),
      };
      for (const [how, client] of Object.entries(clients)) {
        try {
          await client.installationRepos.list();
          wrong.push(`${typ}, ${how}: the receipt was sent`);
        } catch (error) {
          if (!(error instanceof AgentlineError) || error.code !== "wrong_credential")
            wrong.push(`${typ}, ${how}: ${error}`);
          if (quoted(error)) wrong.push(`${typ}, ${how}: the refusal quotes the receipt`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(sent).toBe(0);
  });

  it("other tokens go out as before: a plain token, a JWT of another typ, a token that only looks like a JWT", async () => {
    const seen: string[] = [];
    const fetch = async (request: Request) => {
      seen.push(request.headers.get("authorization") ?? "");
      return Response.json({ repositories: [] });
    };
    const tokens = ["oit_plain_user_token_0123456789", await receipt("JWT"), "eyJnot-base64.at.all"];
    for (const token of tokens) {
      await new ForgeClient({ token, baseUrl: "https://forge.example.test", fetch }).installationRepos.list();
    }
    expect(seen).toEqual(tokens.map((token) => `Bearer ${token}`));
  });
});
