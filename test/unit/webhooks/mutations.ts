// The tampering property shared by the unit suite (a bounded count) and test/fuzz/webhooks.fuzz.ts (a large
// one): one genuine delivery signed with the fake forge's real key, then exactly one tampering of its body,
// id, timestamp, signature or headers (duplicated, or under other casings) per run. None may be accepted.
// Header-name casing alone is not tampering (HTTP names are case-insensitive), so it rides on top of each
// mutation. `webhook-event-type` and `webhook-installation-id` are not covered by the signature, but the signed
// body names the type and installation, so a header value that disagrees with it (another value, another
// casing) is tampering too.
import fc from "fast-check";
import { base64ToBytes, bytesToBase64 } from "../../../src/webhooks/scheme.js";
import { signWebhook } from "../../../src/webhooks/sign.js";
import { verifyWebhook } from "../../../src/webhooks/verify.js";
import { strayKeyPair, webhookSetup } from "./helpers.js";

/** A delivery as header pairs (so duplicates and casings can be expressed) and body bytes. */
export interface Delivery {
  pairs: Array<[string, string]>;
  body: Uint8Array;
}

/** One tampering, named for the counterexample report. */
export interface Mutation {
  name: string;
  apply(delivery: Delivery): Delivery;
}

const CHECKED = [
  "webhook-id",
  "webhook-timestamp",
  "webhook-signature",
  "webhook-event-type",
  "webhook-installation-id",
] as const;

function replaceHeader(delivery: Delivery, name: string, value: (old: string) => string): Delivery {
  return {
    body: delivery.body,
    pairs: delivery.pairs.map(([key, old]) => [key, key.toLowerCase() === name ? value(old) : old]),
  };
}

function swapCase(text: string, index: number): string {
  const letters = [...text].map((char, i) => ({ char, i })).filter(({ char }) => /[a-z]/i.test(char));
  if (letters.length === 0) return `${text}x`;
  const { char, i } = letters[index % letters.length] as { char: string; i: number };
  const swapped = char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
  return text.slice(0, i) + swapped + text.slice(i + 1);
}

/** Builds the genuine delivery, the verifier and the mutations. */
export async function mutationFixture() {
  const setup = webhookSetup();
  const [forgeKey] = await setup.fake.forge.signingKeys();
  if (!forgeKey) throw new Error("the fake forge has no key");
  const stray = await strayKeyPair();
  const signedBody = {
    type: "pull_request.created",
    installation: { id: "inst_7" },
    pullRequest: { number: "42", title: "Fix the login" },
  };
  const body = new TextEncoder().encode(JSON.stringify(signedBody));
  const timestamp = Math.floor(setup.now() / 1000);
  const headers = await signWebhook({ id: "msg_2kX9", body, keys: [forgeKey.privateKey], timestamp });
  const original: Delivery = {
    pairs: [
      ...Object.entries(headers),
      ["webhook-event-type", "pull_request.created"],
      ["webhook-installation-id", "inst_7"],
    ],
    body,
  };
  const signatureOf = (entry: string) => entry.slice(entry.indexOf(",") + 1);
  const sig = signatureOf(headers["webhook-signature"] as string);
  const otherMessage = await signWebhook({ id: "msg_other", body, keys: [forgeKey.privateKey], timestamp });
  const strayHeaders = await signWebhook({ id: "msg_2kX9", body, keys: [stray.privateKey], timestamp });

  const index = fc.nat({ max: 10_000 });
  const bodyMutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.tuple(index, fc.integer({ min: 1, max: 255 })).map(([i, mask]) => ({
      name: `body: xor byte ${i % body.length} with ${mask}`,
      apply: (d: Delivery) => {
        const out = d.body.slice();
        out[i % out.length] = (out[i % out.length] as number) ^ mask;
        return { ...d, body: out };
      },
    })),
    fc.tuple(index, fc.integer({ min: 0, max: 255 })).map(([i, byte]) => ({
      name: `body: insert ${byte} at ${i % (body.length + 1)}`,
      apply: (d: Delivery) => {
        const at = i % (d.body.length + 1);
        return { ...d, body: new Uint8Array([...d.body.slice(0, at), byte, ...d.body.slice(at)]) };
      },
    })),
    index.map((i) => ({
      name: `body: delete byte ${i % body.length}`,
      apply: (d: Delivery) => {
        const at = i % d.body.length;
        return { ...d, body: new Uint8Array([...d.body.slice(0, at), ...d.body.slice(at + 1)]) };
      },
    })),
    fc.constantFrom(" ", "\n", "\t").map((space) => ({
      name: `body: append ${JSON.stringify(space)} (same JSON)`,
      apply: (d: Delivery) => ({ ...d, body: new Uint8Array([...d.body, space.charCodeAt(0)]) }),
    })),
  );
  const idMutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc
      .stringMatching(/^[!-~]{1,40}$/)
      .filter((id) => id !== "msg_2kX9")
      .map((id) => ({ name: `id: ${id}`, apply: (d: Delivery) => replaceHeader(d, "webhook-id", () => id) })),
    index.map((i) => ({
      name: `id: swap case ${i}`,
      apply: (d: Delivery) => replaceHeader(d, "webhook-id", (old) => swapCase(old, i)),
    })),
  );
  const timestampMutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc
      .integer({ min: -300, max: 300 })
      .filter((delta) => delta !== 0)
      .map((delta) => ({
        name: `timestamp: ${delta > 0 ? "+" : ""}${delta} s`,
        apply: (d: Delivery) => replaceHeader(d, "webhook-timestamp", (old) => String(Number(old) + delta)),
      })),
    fc.constant({
      name: "timestamp: leading zero (same number, other bytes)",
      apply: (d: Delivery) => replaceHeader(d, "webhook-timestamp", (old) => `0${old}`),
    }),
  );
  const bytes = base64ToBytes(sig) as Uint8Array;
  const signatureMutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc.tuple(fc.nat({ max: 63 }), fc.nat({ max: 7 })).map(([i, bit]) => ({
      name: `signature: flip bit ${bit} of byte ${i}`,
      apply: (d: Delivery) => {
        const flipped = bytes.slice();
        flipped[i] = (flipped[i] as number) ^ (1 << bit);
        return replaceHeader(d, "webhook-signature", () => `v1ed,${bytesToBase64(flipped)}`);
      },
    })),
    index.map((i) => ({
      name: `signature: swap case ${i}`,
      apply: (d: Delivery) => replaceHeader(d, "webhook-signature", (old) => `v1ed,${swapCase(signatureOf(old), i)}`),
    })),
    fc.constantFrom("V1ED", "v1", "v1ed2", "v2ed", "", "v1ed ").map((prefix) => ({
      name: `signature: prefix ${JSON.stringify(prefix)}`,
      apply: (d: Delivery) => replaceHeader(d, "webhook-signature", (old) => `${prefix},${signatureOf(old)}`),
    })),
    fc
      .constantFrom(
        { name: "signature: another message's", value: otherMessage["webhook-signature"] as string },
        { name: "signature: an unpublished key's", value: strayHeaders["webhook-signature"] as string },
        { name: "signature: truncated", value: `v1ed,${sig.slice(0, 40)}` },
        { name: "signature: empty", value: "" },
      )
      .map(({ name, value }) => ({ name, apply: (d: Delivery) => replaceHeader(d, "webhook-signature", () => value) })),
  );
  const unsignedMutation: fc.Arbitrary<Mutation> = fc.oneof(
    fc
      .tuple(
        fc.constantFrom("webhook-event-type", "webhook-installation-id"),
        fc.constantFrom("installation.deleted", "ping", "pull_request.merged", "inst_8", "inst_70", "x"),
      )
      .map(([name, value]) => ({
        name: `${name}: ${value}`,
        apply: (d: Delivery) => replaceHeader(d, name, () => value),
      })),
    fc.tuple(fc.constantFrom("webhook-event-type", "webhook-installation-id"), index).map(([name, i]) => ({
      name: `${name}: swap case ${i}`,
      apply: (d: Delivery) => replaceHeader(d, name, (old) => swapCase(old, i)),
    })),
  );
  const duplication: fc.Arbitrary<Mutation> = fc
    .tuple(fc.constantFrom(...CHECKED), fc.boolean(), fc.boolean())
    .map(([name, same, upper]) => ({
      name: `headers: ${name} twice (${same ? "same" : "other"} value${upper ? ", other casing" : ""})`,
      apply: (d: Delivery) => {
        const value = d.pairs.find(([key]) => key.toLowerCase() === name)?.[1] ?? "";
        const pair: [string, string] = [upper ? name.toUpperCase() : name, same ? value : `${value}0`];
        return { ...d, pairs: [...d.pairs, pair] };
      },
    }));

  /** A random casing of every header name, to ride on top of a mutation. */
  const casing = fc.array(fc.boolean(), { minLength: 16, maxLength: 16 }).map(
    (flags) =>
      (d: Delivery): Delivery => ({
        ...d,
        pairs: d.pairs.map(([key, value], i) => [flags[i % flags.length] ? key.toUpperCase() : key, value]),
      }),
  );
  const mutation = fc.oneof(
    bodyMutation,
    idMutation,
    timestampMutation,
    signatureMutation,
    unsignedMutation,
    duplication,
  );

  /** Whether the verifier accepts a delivery, sent as a `Request` or as a header record. */
  async function accepts(delivery: Delivery, asRecord: boolean): Promise<boolean> {
    const options = { keys: setup.keys, now: setup.now };
    try {
      if (asRecord) {
        const record: Record<string, string | string[]> = {};
        for (const [key, value] of delivery.pairs) {
          const old = record[key];
          record[key] = old === undefined ? value : [...(Array.isArray(old) ? old : [old]), value];
        }
        await verifyWebhook({ headers: record, body: delivery.body }, options);
      } else {
        const headers = new Headers();
        for (const [key, value] of delivery.pairs) headers.append(key, value);
        const body = delivery.body as Uint8Array<ArrayBuffer>;
        await verifyWebhook(new Request("https://app.example/webhooks", { method: "POST", headers, body }), options);
      }
      return true;
    } catch {
      return false;
    }
  }

  return { original, accepts, mutation, casing, keyFetches: setup.keyFetches };
}

/**
 * Runs the property `numRuns` times; throws fast-check's counterexample report when a tampered delivery is
 * accepted. Returns how many tampered deliveries were tried.
 */
export async function runMutationProperty(numRuns: number, seed?: number): Promise<number> {
  const fixture = await mutationFixture();
  let tried = 0;
  await fc.assert(
    fc.asyncProperty(fixture.mutation, fixture.casing, fc.boolean(), async (mutation, casing, asRecord) => {
      tried += 1;
      return !(await fixture.accepts(casing(mutation.apply(fixture.original)), asRecord));
    }),
    { numRuns, ...(seed === undefined ? {} : { seed }) },
  );
  return tried;
}
