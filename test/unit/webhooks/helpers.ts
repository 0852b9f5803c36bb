// Shared setup of the webhook tests: the fake forge on a fake clock, a ForgeKeys reading its /keys over
// fetch, and deliveries signed with the forge's real Ed25519 keys.
import { createFakeService, type FakeService } from "../../../src/testing/index.js";
import { ForgeKeys, type ForgeKeysOptions } from "../../../src/webhooks/keys.js";
import { signWebhook } from "../../../src/webhooks/sign.js";

/** 2026-11-21T12:00:00Z, the fake clock's start. */
export const START = Date.parse("2026-11-21T12:00:00Z");

/**
 * A delivery to sign: event type, payload (object or exact body text) and header overrides. As the forge does,
 * the signed body carries the type and installation (`{ type, installation: { id }, ...payload }`) unless
 * `body` gives the exact text.
 */
export interface DeliveryInput {
  id?: string;
  type?: string;
  installationId?: string | null;
  payload?: unknown;
  body?: string;
  /** Unix seconds; default the fake clock. */
  timestamp?: number;
  /** Private keys to sign with; default the forge's current key. */
  signWith?: CryptoKey[];
  prefix?: string;
}

export interface WebhookSetup {
  fake: FakeService;
  keys: ForgeKeys;
  now: () => number;
  advance(ms: number): void;
  /** How many times `/v1/forge/keys` was fetched. */
  keyFetches(): number;
  /** Signed headers and body of a delivery. */
  signed(input?: DeliveryInput): Promise<{ headers: Record<string, string>; body: string }>;
  /** A signed delivery as a POST request. */
  delivery(input?: DeliveryInput): Promise<Request>;
  newKeys(options?: Partial<ForgeKeysOptions>): ForgeKeys;
}

let counter = 0;

/** Fresh fake, clock and key cache for one test. */
export function webhookSetup(): WebhookSetup {
  let clock = START;
  const now = () => clock;
  const fake = createFakeService({ now });
  const newKeys = (options: Partial<ForgeKeysOptions> = {}) =>
    new ForgeKeys({ baseUrl: fake.baseUrl, fetch: fake.fetch, now, ...options });
  const signed = async (input: DeliveryInput = {}) => {
    const type = input.type ?? "ping";
    const installationId = input.installationId === null ? undefined : (input.installationId ?? "inst_1");
    const envelope = { type, ...(installationId === undefined ? {} : { installation: { id: installationId } }) };
    const body = input.body ?? JSON.stringify({ ...envelope, ...((input.payload as object) ?? { zen: "hello" }) });
    const signWith = input.signWith ?? [((await fake.forge.signingKeys())[0] as { privateKey: CryptoKey }).privateKey];
    counter += 1;
    const headers = await signWebhook({
      id: input.id ?? `msg_${counter}`,
      body,
      keys: signWith,
      timestamp: input.timestamp ?? Math.floor(clock / 1000),
      ...(input.prefix ? { scheme: { prefix: input.prefix } } : {}),
    });
    headers["webhook-event-type"] = type;
    if (installationId !== undefined) headers["webhook-installation-id"] = installationId;
    return { headers, body };
  };
  return {
    fake,
    keys: newKeys(),
    now,
    advance: (ms) => {
      clock += ms;
    },
    keyFetches: () => fake.requests.filter((request) => request.path === "/v1/forge/keys").length,
    signed,
    async delivery(input) {
      const { headers, body } = await signed(input);
      return new Request("https://app.example/webhooks", { method: "POST", headers, body });
    },
    newKeys,
  };
}

/** A fetch that answers 503 to the key set while `down()` is true, else forwards to the fake. */
export function flakyKeysFetch(fake: FakeService, down: () => boolean): (request: Request) => Promise<Response> {
  return (request) =>
    down() && new URL(request.url).pathname.endsWith("/keys")
      ? Promise.resolve(new Response("unavailable", { status: 503 }))
      : fake.fetch(request);
}

/** A fresh Ed25519 key pair nobody published. */
export async function strayKeyPair(): Promise<CryptoKeyPair> {
  return (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
}
