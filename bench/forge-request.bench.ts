// A forge request through an app installation (app JWT and installation token both cached) against the same
// request with a static bearer token, in the same run: what app auth adds on top of the transport's own
// overhead (goal ≤ 1.05×). A bare fetch of the same request is reported for scale. Then app JWT signing
// through the SDK against jose alone, and the reused JWT against signing each time.
import { SignJWT } from "jose";
import { AppJwtSource, signAppJwt } from "../src/forge/app-jwt.js";
import { ForgeApp } from "../src/forge/forge-app.js";
import { ForgeClient } from "../src/forge/forge-client.js";
import { generateAppKeyPair, importAppPrivateKey } from "../src/forge/keys.js";
import { createFakeService } from "../src/testing/index.js";
import { type Comparison, compare } from "./harness.js";

const UNLIMITED = 1_000_000_000;

export async function benchForgeRequest(): Promise<Comparison[]> {
  const fake = createFakeService({
    forge: {
      rateLimits: { installation: UNLIMITED, app: UNLIMITED, user: UNLIMITED },
      userTokens: [{ token: "bench-user-token", scopes: ["repository:labels:read"] }],
    },
  });
  const keys = await generateAppKeyPair();
  const { appId, installationId } = fake.forge.registerApp({
    publicKeyPem: keys.publicKey,
    install: { scopes: ["repository:labels:read"] },
  });
  if (!installationId) throw new Error("bench: the app was not installed");
  const baseUrl = "http://127.0.0.1:1";
  const common = { baseUrl, fetch: fake.fetch, maxRetries: 0 };
  const app = new ForgeApp({ appId, privateKey: keys.privateKey, ...common, pointsBudget: false });
  const installed = app.installation(installationId).repo("acme", "web-app");
  const staticToken = new ForgeClient({ token: "bench-user-token", ...common }).repo("acme", "web-app");
  await installed.labels.get("bug");
  await staticToken.labels.get("bug");
  const url = `${baseUrl}/v1/forge/repos/acme/web-app/labels/bug`;
  const headers = { authorization: "Bearer bench-user-token", accept: "application/json" };
  const bare = async () => JSON.parse(await (await fake.fetch(new Request(url, { headers }))).text());

  const results = [
    await compare(
      "forge labels.get, installation (JWT + token cached)",
      { name: "same client call with a static token", run: () => staticToken.labels.get("bug") },
      () => installed.labels.get("bug"),
      { goal: "≤ 1.05×", iterations: 1_000 },
    ),
    await compare(
      "forge labels.get, installation (JWT + token cached)",
      { name: "bare fetch + JSON.parse, static header", run: bare },
      () => installed.labels.get("bug"),
      { iterations: 1_000 },
    ),
  ];
  fake.reset();

  const key = await importAppPrivateKey(keys.privateKey);
  const now = Date.now;
  const joseAlone = () => {
    const seconds = Math.floor(Date.now() / 1000);
    return new SignJWT({})
      .setProtectedHeader({ alg: "EdDSA", kid: appId, typ: "JWT" })
      .setIssuer(appId)
      .setAudience("forge-apps")
      .setIssuedAt(seconds - 30)
      .setExpirationTime(seconds + 290)
      .sign(key);
  };
  results.push(
    await compare(
      "app JWT signing (signAppJwt)",
      { name: "jose SignJWT alone, same claims", run: joseAlone },
      () => signAppJwt({ appId, key, now }),
      { iterations: 500 },
    ),
  );
  const source = new AppJwtSource({ appId, key, now });
  results.push(
    await compare(
      "app JWT for a request (reused until a minute before expiry)",
      { name: "signing a new JWT per request", run: () => signAppJwt({ appId, key, now }) },
      () => source.get(),
      { iterations: 500 },
    ),
  );
  return results;
}
