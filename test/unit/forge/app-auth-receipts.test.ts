// "The receipt is never a bearer credential" (Code Forge API § Installation flow), for receipts in forms a compact JWS
// may take that the plain case does not cover: a protected header serialized with whitespace (its base64url then does
// not begin `eyJ`), and a receipt pasted with surrounding whitespace (which `fetch` trims off the header value, so the
// forge would still get the receipt). Each is refused before anything is sent, and never quoted.
import { describe, expect, it } from "vitest";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeClient } from "../../../src/forge/index.js";

const b64url = (bytes: Uint8Array) => {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};
const utf8 = (text: string) => new TextEncoder().encode(text);

/** A receipt signed with WebCrypto, its protected header serialized exactly as `headerJson`. */
async function receipt(headerJson: string): Promise<string> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iss: "https://forge.example.test/v1/forge",
    aud: "app_1",
    sub: "inst_1",
    namespace_id: "ns_1",
    iat: now,
    exp: now + 300,
    jti: "j1",
    installedBy: { id: "u_1", email: "a@example.com", displayName: "A" },
  };
  const input = `${b64url(utf8(headerJson))}.${b64url(utf8(JSON.stringify(claims)))}`;
  const signature = new Uint8Array(await crypto.subtle.sign("Ed25519", pair.privateKey, utf8(input)));
  return `${input}.${b64url(signature)}`;
}

const TYP = "forge-installation-receipt+jwt";

describe("installation receipts in other compact forms", () => {
  it("are refused as bearer credentials (token option and credential provider), nothing sent, never quoted", async () => {
    const forms: Array<[string, string]> = [
      ["a compact header", await receipt(`{"alg":"EdDSA","kid":"k1","typ":"${TYP}"}`)],
      ["a header with spaces", await receipt(`{ "alg": "EdDSA", "kid": "k1", "typ": "${TYP}" }`)],
      ["a header with a line break", await receipt(`{\n  "alg": "EdDSA",\n  "kid": "k1",\n  "typ": "${TYP}"\n}`)],
      [
        "a header with escaped characters",
        await receipt(`{"alg":"EdDSA","kid":"k1","typ":"forge-installation-receipt\\u002bjwt"}`),
      ],
    ];
    const compact = forms[0]?.[1] as string;
    forms.push(["a receipt with a trailing space", `${compact} `], ["a receipt with a leading tab", `\t${compact}`]);
    let sent = 0;
    const fetch = async () => {
      sent++;
      return Response.json({ repositories: [], nextPageToken: "", repoSelectionMode: "all" });
    };
    const wrong: string[] = [];
    for (const [name, token] of forms) {
      const signature = token.trim().split(".")[2] as string;
      const clients = {
        token: () => new ForgeClient({ token, baseUrl: "https://forge.example.test", fetch, maxRetries: 0 }),
        credential: () =>
          new ForgeClient({
            credential: { token: async () => token },
            baseUrl: "https://forge.example.test",
            fetch,
            maxRetries: 0,
          }),
      };
      for (const [how, make] of Object.entries(clients)) {
        const before = sent;
        try {
          await make().installationRepos.list();
        } catch (error) {
          if (!(error instanceof AgentlineError)) wrong.push(`${name}, ${how}: raw ${String(error)}`);
          if (String(error).includes(signature) || JSON.stringify(error).includes(signature))
            wrong.push(`${name}, ${how}: the error quotes the receipt`);
        }
        if (sent !== before) wrong.push(`${name}, ${how}: sent`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
