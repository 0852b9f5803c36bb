// verifyWebhook on a 10 KB delivery, against the bare minimum any verifier of a `Request` must do (read the
// body, decode the signature, join the signed bytes, one crypto.subtle.verify with a cached key), in the same
// run; also against node:crypto's verify, and with 32 verifications in flight. (The receiver's bundle size is in
// package-size.ts, measured from the packed tarball.)
import { createPublicKey, verify as nodeVerify } from "node:crypto";
import { createFakeService } from "../src/testing/index.js";
import { ForgeKeys } from "../src/webhooks/keys.js";
import { signWebhook } from "../src/webhooks/sign.js";
import { verifyWebhook } from "../src/webhooks/verify.js";
import { type Comparison, compare } from "./harness.js";

const IN_FLIGHT = 32;

/** Runs the webhook verification comparisons. */
export async function benchWebhooks(): Promise<{ comparisons: Comparison[] }> {
  const now = Date.parse("2026-11-21T12:00:00Z");
  const fake = createFakeService({ now: () => now });
  const keys = new ForgeKeys({ baseUrl: fake.baseUrl, fetch: fake.fetch, now: () => now });
  const [forgeKey] = await fake.forge.signingKeys();
  if (!forgeKey) throw new Error("the fake forge has no key");
  const body = JSON.stringify({ pullRequest: { number: "7", body: "x".repeat(10 * 1024 - 40) } });
  const headers = {
    ...(await signWebhook({ id: "msg_bench", body, keys: [forgeKey.privateKey], timestamp: Math.floor(now / 1000) })),
    "webhook-event-type": "pull_request.created",
    "webhook-installation-id": "inst_1",
  };
  const request = () => new Request("https://app.example/webhooks", { method: "POST", headers, body });
  const options = { keys, now: () => now };
  await verifyWebhook(request(), options); // warm the key set

  const cachedKey = forgeKey.publicKey;
  const nodeKey = createPublicKey({ key: { ...forgeKey.jwk }, format: "jwk" });
  const encoder = new TextEncoder();
  const signedBytes = async () => {
    const incoming = request();
    const raw = new Uint8Array(await incoming.arrayBuffer());
    const entry = incoming.headers.get("webhook-signature") as string;
    const binary = atob(entry.slice(entry.indexOf(",") + 1));
    const signature = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    const head = encoder.encode(`${incoming.headers.get("webhook-id")}.${incoming.headers.get("webhook-timestamp")}.`);
    const content = new Uint8Array(head.length + raw.length);
    content.set(head);
    content.set(raw, head.length);
    return { signature, content };
  };
  const bare = async () => {
    const { signature, content } = await signedBytes();
    if (!(await crypto.subtle.verify("Ed25519", cachedKey, signature, content))) throw new Error("bad signature");
  };
  const bareNode = async () => {
    const { signature, content } = await signedBytes();
    if (!nodeVerify(null, content, nodeKey, signature)) throw new Error("bad signature");
  };
  const candidate = () => verifyWebhook(request(), options);
  const inFlight = (task: () => Promise<unknown>) => () => Promise.all(Array.from({ length: IN_FLIGHT }, task));

  const comparisons = [
    await compare("verifyWebhook 10 KB", { name: "read + join + crypto.subtle.verify", run: bare }, candidate, {
      goal: "≤ 1.11× (throughput ≥ 0.9×)",
    }),
    await compare("verifyWebhook 10 KB", { name: "read + join + node:crypto verify", run: bareNode }, candidate),
    await compare(
      `verifyWebhook 10 KB × ${IN_FLIGHT} in flight`,
      { name: `bare verify × ${IN_FLIGHT} in flight`, run: inFlight(bare) },
      inFlight(candidate),
      { iterations: 100 },
    ),
  ];
  fake.reset();
  return { comparisons };
}
