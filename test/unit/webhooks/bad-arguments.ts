// The table of the bad-arguments sweep (arguments.test.ts): each row puts one wrong value in one place of an
// otherwise good call of an agentline/webhooks export.
import * as webhooks from "../../../src/webhooks/index.js";
import { webhookSetup } from "./helpers.js";

const {
  createWebhookHandler,
  DedupeDurableObject,
  DenoKvDedupeStore,
  dispatchWebhookEvent,
  DurableObjectDedupeStore,
  ForgeKeys,
  KvDedupeStore,
  MemoryDedupeStore,
  parseWebhookEvent,
  resolveWebhookScheme,
  signWebhook,
  verifyInstallationReceipt,
  verifyWebhook,
  workersKvKeySetCache,
} = webhooks;

const REQUIRED_OBJECT = [undefined, null, 42, "text", true];
const OPTIONAL_OBJECT = [null, 42, "text", true];
const OPTIONAL_FUNCTION = [null, 42, "text", {}];
const REQUIRED_TEXT = [undefined, null, 42, "", {}, []];
const OPTIONAL_TEXT = [null, 42, "", {}];
const OPTIONAL_URL = [null, 42, "", "not a url", "/v1/forge"];
const OPTIONAL_SECONDS = [null, "5", -1, Number.NaN, Number.POSITIVE_INFINITY, {}];
const OPTIONAL_POSITIVE = [null, "5", 0, -1, Number.NaN, Number.POSITIVE_INFINITY];
const OPTIONAL_COUNT = [...OPTIONAL_POSITIVE, 1.5];
const KEY_SOURCE = [undefined, null, 42, {}, { getKeys: 1 }];
const TTL = [undefined, null, "5", 0, -1, Number.NaN, Number.POSITIVE_INFINITY];

/** One place an argument goes: its name as the error must say it, the wrong values, and the call. */
export interface Row {
  target: string;
  name: string;
  bad: readonly unknown[];
  call(bad: unknown): unknown;
}

/** Every row, built over a fresh fake forge (its keys, a real signing key). */
export async function badArgumentRows(): Promise<Row[]> {
  const setup = webhookSetup();
  const keys = setup.keys;
  const [forgeKey] = await setup.fake.forge.signingKeys();
  const privateKey = forgeKey?.privateKey as CryptoKey;
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, false, ["sign", "verify"])) as CryptoKeyPair;
  const request = () => new Request("https://app.example/webhooks", { method: "POST", body: "{}" });
  const read = request();
  await read.text();
  const verify = (options: Record<string, unknown>) => verifyWebhook(request(), { keys, ...options } as never);
  const handlerWith = (options: Record<string, unknown>) => createWebhookHandler({ keys, ...options } as never);
  const kv = { get: async () => null, put: async () => undefined, delete: async () => undefined };
  const namespace = { idFromName: (name: string) => name, get: () => ({ fetch: async () => Response.json({}) }) };
  const storage = {
    get: async () => undefined,
    put: async () => undefined,
    delete: async () => true,
    list: async () => new Map(),
    getAlarm: async () => null,
    setAlarm: async () => undefined,
  };
  const denoKv = {
    get: async () => ({ value: null, versionstamp: null }),
    atomic: () => ({}) as never,
    delete: async () => undefined,
  };
  const delivery = { id: "d1", type: "ping", typeSource: "body", installationId: undefined, timestamp: 1, payload: {} };
  const event = await parseWebhookEvent(delivery as never);
  const receiptOptions = { keys, appId: "app_1", baseUrl: "https://forge.example" };
  const stores: Array<[string, () => webhooks.DedupeStore]> = [
    ["MemoryDedupeStore", () => new MemoryDedupeStore()],
    ["KvDedupeStore", () => new KvDedupeStore(kv)],
    ["DurableObjectDedupeStore", () => new DurableObjectDedupeStore(namespace)],
    ["DenoKvDedupeStore", () => new DenoKvDedupeStore(denoKv)],
  ];
  const scheme = (target: string, run: (scheme: unknown) => unknown): Row[] => [
    ...["idHeader", "timestampHeader", "signatureHeader", "prefix"].map((field) => ({
      target,
      name: `scheme.${field}`,
      bad: OPTIONAL_TEXT,
      call: (bad: unknown) => run({ [field]: bad }),
    })),
    {
      target,
      name: "scheme.acceptedPrefixes",
      bad: [null, "v1ed", [], [1], [""]],
      call: (bad) => run({ acceptedPrefixes: bad }),
    },
    { target, name: "scheme.signedContent", bad: OPTIONAL_FUNCTION, call: (bad) => run({ signedContent: bad }) },
  ];
  return [
    // verifyWebhook
    {
      target: "verifyWebhook",
      name: "input",
      bad: [...REQUIRED_OBJECT, {}, read],
      call: (bad) => verifyWebhook(bad as never, { keys }),
    },
    {
      target: "verifyWebhook",
      name: "input.headers",
      bad: [undefined, null, 42, "text"],
      call: (bad) => verifyWebhook({ headers: bad as never, body: "{}" }, { keys }),
    },
    {
      target: "verifyWebhook",
      name: "options",
      bad: REQUIRED_OBJECT,
      call: (bad) => verifyWebhook(request(), bad as never),
    },
    { target: "verifyWebhook", name: "options.keys", bad: KEY_SOURCE, call: (bad) => verify({ keys: bad }) },
    {
      target: "verifyWebhook",
      name: "options.toleranceSeconds",
      bad: OPTIONAL_SECONDS,
      call: (bad) => verify({ toleranceSeconds: bad }),
    },
    { target: "verifyWebhook", name: "options.now", bad: OPTIONAL_FUNCTION, call: (bad) => verify({ now: bad }) },
    {
      target: "verifyWebhook",
      name: "options.maxBodyBytes",
      bad: OPTIONAL_POSITIVE,
      call: (bad) => verify({ maxBodyBytes: bad }),
    },
    { target: "verifyWebhook", name: "options.scheme", bad: OPTIONAL_OBJECT, call: (bad) => verify({ scheme: bad }) },
    ...scheme("verifyWebhook", (bad) => verify({ scheme: bad })),
    ...scheme("resolveWebhookScheme", (bad) => resolveWebhookScheme(bad as never)),
    {
      target: "resolveWebhookScheme",
      name: "scheme",
      bad: OPTIONAL_OBJECT,
      call: (bad) => resolveWebhookScheme(bad as never),
    },

    // signWebhook
    { target: "signWebhook", name: "input", bad: REQUIRED_OBJECT, call: (bad) => signWebhook(bad as never) },
    ...(
      [
        ["id", REQUIRED_TEXT],
        ["body", [undefined, null, 42, {}, []]],
        ["keys", [undefined, null, [], [42], ["key"], [pair.publicKey]]],
        ["timestamp", [null, "1", -1, 1.5, Number.NaN]],
        ["scheme", OPTIONAL_OBJECT],
      ] as const
    ).map(([field, bad]) => ({
      target: "signWebhook",
      name: `input.${field}`,
      bad,
      call: (value: unknown) => signWebhook({ id: "d1", body: "{}", keys: [privateKey], [field]: value } as never),
    })),
    ...scheme("signWebhook", (bad) => signWebhook({ id: "d1", body: "{}", keys: [privateKey], scheme: bad as never })),

    // ForgeKeys
    { target: "ForgeKeys", name: "options", bad: REQUIRED_OBJECT, call: (bad) => new ForgeKeys(bad as never) },
    { target: "ForgeKeys", name: "options.baseUrl", bad: [{}], call: (bad) => new ForgeKeys(bad as never) },
    ...(
      [
        ["baseUrl", OPTIONAL_URL],
        ["jwksUrl", OPTIONAL_URL],
        ["discoveryIssuer", OPTIONAL_URL],
        ["issuer", OPTIONAL_TEXT],
        ["fetch", OPTIONAL_FUNCTION],
        ["now", OPTIONAL_FUNCTION],
        ["refreshCooldownMs", OPTIONAL_SECONDS],
        ["cache", [null, 42, {}, { get() {} }]],
        ["timeoutMs", OPTIONAL_POSITIVE],
      ] as const
    ).map(([field, bad]) => ({
      target: "ForgeKeys",
      name: `options.${field}`,
      bad,
      call: (value: unknown) =>
        new ForgeKeys({ ...(field === "baseUrl" ? {} : { baseUrl: "https://forge.example" }), [field]: value }),
    })),
    {
      target: "ForgeKeys.fromDiscovery",
      name: "issuerUrl",
      bad: [undefined, ...OPTIONAL_URL],
      call: (bad) => ForgeKeys.fromDiscovery(bad as never),
    },
    {
      target: "ForgeKeys.fromDiscovery",
      name: "options",
      bad: OPTIONAL_OBJECT,
      call: (bad) => ForgeKeys.fromDiscovery("https://forge.example/v1/forge", bad as never),
    },
    {
      target: "workersKvKeySetCache",
      name: "kv",
      bad: [undefined, null, 42, {}, { get() {} }],
      call: (bad) => workersKvKeySetCache(bad as never),
    },
    {
      target: "workersKvKeySetCache",
      name: "key",
      bad: OPTIONAL_TEXT,
      call: (bad) => workersKvKeySetCache(kv as never, bad as never),
    },

    // createWebhookHandler and its handler
    {
      target: "createWebhookHandler",
      name: "options",
      bad: REQUIRED_OBJECT,
      call: (bad) => createWebhookHandler(bad as never),
    },
    ...(
      [
        ["keys", KEY_SOURCE],
        ["on", [null, 42, "text", { ping: 42 }, { ping: "text" }]],
        ["onUnhandled", OPTIONAL_FUNCTION],
        ["onError", OPTIONAL_FUNCTION],
        ["dedupe", [null, 42, {}, { claim() {} }]],
        ["dedupeTtlMs", OPTIONAL_POSITIVE],
        ["queue", [null, 42, {}]],
        ["toleranceSeconds", OPTIONAL_SECONDS],
        ["now", OPTIONAL_FUNCTION],
        ["maxBodyBytes", OPTIONAL_POSITIVE],
        ["scheme", OPTIONAL_OBJECT],
      ] as const
    ).map(([field, bad]) => ({
      target: "createWebhookHandler",
      name: `options.${field}`,
      bad,
      call: (value: unknown) => handlerWith({ [field]: value }),
    })),
    ...scheme("createWebhookHandler", (bad) => handlerWith({ scheme: bad })),
    {
      target: "webhook handler",
      name: "request",
      bad: [undefined, null, 42, "text", {}],
      call: (bad) => handlerWith({})(bad as never),
    },

    // Dedupe stores: constructors, then claim and release on each
    {
      target: "MemoryDedupeStore",
      name: "options",
      bad: OPTIONAL_OBJECT,
      call: (bad) => new MemoryDedupeStore(bad as never),
    },
    {
      target: "MemoryDedupeStore",
      name: "options.maxEntries",
      bad: OPTIONAL_COUNT,
      call: (bad) => new MemoryDedupeStore({ maxEntries: bad as never }),
    },
    {
      target: "MemoryDedupeStore",
      name: "options.now",
      bad: OPTIONAL_FUNCTION,
      call: (bad) => new MemoryDedupeStore({ now: bad as never }),
    },
    {
      target: "KvDedupeStore",
      name: "kv",
      bad: [undefined, null, 42, {}, { get() {}, put() {} }],
      call: (bad) => new KvDedupeStore(bad as never),
    },
    {
      target: "KvDedupeStore",
      name: "options",
      bad: OPTIONAL_OBJECT,
      call: (bad) => new KvDedupeStore(kv, bad as never),
    },
    {
      target: "KvDedupeStore",
      name: "options.prefix",
      bad: [null, 42, {}],
      call: (bad) => new KvDedupeStore(kv, { prefix: bad as never }),
    },
    {
      target: "DurableObjectDedupeStore",
      name: "namespace",
      bad: [undefined, null, 42, {}, { idFromName() {} }],
      call: (bad) => new DurableObjectDedupeStore(bad as never),
    },
    {
      target: "DurableObjectDedupeStore",
      name: "options",
      bad: OPTIONAL_OBJECT,
      call: (bad) => new DurableObjectDedupeStore(namespace, bad as never),
    },
    {
      target: "DurableObjectDedupeStore",
      name: "options.shards",
      bad: OPTIONAL_COUNT,
      call: (bad) => new DurableObjectDedupeStore(namespace, { shards: bad as never }),
    },
    {
      target: "DedupeDurableObject",
      name: "state",
      bad: [undefined, null, 42, {}, { storage: {} }, { storage: { ...storage, setAlarm: 1 } }],
      call: (bad) => new DedupeDurableObject(bad as never),
    },
    {
      target: "DedupeDurableObject",
      name: "options",
      bad: OPTIONAL_OBJECT,
      call: (bad) => new DedupeDurableObject({ storage }, undefined, bad as never),
    },
    {
      target: "DedupeDurableObject",
      name: "options.now",
      bad: OPTIONAL_FUNCTION,
      call: (bad) => new DedupeDurableObject({ storage }, undefined, { now: bad as never }),
    },
    {
      target: "DedupeDurableObject.fetch",
      name: "request",
      bad: [undefined, null, 42, {}],
      call: (bad) => new DedupeDurableObject({ storage }).fetch(bad as never),
    },
    {
      target: "DenoKvDedupeStore",
      name: "kv",
      bad: [undefined, null, 42, {}, { get() {} }],
      call: (bad) => new DenoKvDedupeStore(bad as never),
    },
    {
      target: "DenoKvDedupeStore",
      name: "options",
      bad: OPTIONAL_OBJECT,
      call: (bad) => new DenoKvDedupeStore(denoKv, bad as never),
    },
    {
      target: "DenoKvDedupeStore",
      name: "options.prefix",
      bad: [null, "agentline", [{}]],
      call: (bad) => new DenoKvDedupeStore(denoKv, { prefix: bad as never }),
    },
    {
      target: "DenoKvDedupeStore",
      name: "options.now",
      bad: OPTIONAL_FUNCTION,
      call: (bad) => new DenoKvDedupeStore(denoKv, { now: bad as never }),
    },
    ...stores.flatMap(([target, make]): Row[] => [
      { target: `${target}.claim`, name: "id", bad: REQUIRED_TEXT, call: (bad) => make().claim(bad as never, 1000) },
      { target: `${target}.claim`, name: "ttlMs", bad: TTL, call: (bad) => make().claim("d1", bad as never) },
      { target: `${target}.release`, name: "id", bad: REQUIRED_TEXT, call: (bad) => make().release(bad as never) },
    ]),

    // Installation receipts
    {
      target: "verifyInstallationReceipt",
      name: "token",
      bad: [undefined, null, 42, {}],
      call: (bad) => verifyInstallationReceipt(bad as never, receiptOptions),
    },
    {
      target: "verifyInstallationReceipt",
      name: "options",
      bad: REQUIRED_OBJECT,
      call: (bad) => verifyInstallationReceipt("a.b.c", bad as never),
    },
    ...(
      [
        ["keys", KEY_SOURCE],
        ["appId", REQUIRED_TEXT],
        ["baseUrl", OPTIONAL_URL],
        ["expectedState", OPTIONAL_TEXT],
        ["now", OPTIONAL_FUNCTION],
        ["clockToleranceSeconds", OPTIONAL_SECONDS],
      ] as const
    ).map(([field, bad]) => ({
      target: "verifyInstallationReceipt",
      name: `options.${field}`,
      bad,
      call: (value: unknown) => verifyInstallationReceipt("a.b.c", { ...receiptOptions, [field]: value } as never),
    })),

    // Typed events and dispatch
    {
      target: "parseWebhookEvent",
      name: "delivery",
      bad: REQUIRED_OBJECT,
      call: (bad) => parseWebhookEvent(bad as never),
    },
    ...(
      [
        ["id", REQUIRED_TEXT],
        ["type", REQUIRED_TEXT],
        ["timestamp", [undefined, null, "1", Number.NaN]],
      ] as const
    ).map(([field, bad]) => ({
      target: "parseWebhookEvent",
      name: `delivery.${field}`,
      bad,
      call: (value: unknown) => parseWebhookEvent({ ...delivery, [field]: value } as never),
    })),
    {
      target: "dispatchWebhookEvent",
      name: "event",
      bad: [...REQUIRED_OBJECT, {}, { type: 42 }],
      call: (bad) => dispatchWebhookEvent(bad as never, {}),
    },
    {
      target: "dispatchWebhookEvent",
      name: "table",
      bad: REQUIRED_OBJECT,
      call: (bad) => dispatchWebhookEvent(event, bad as never),
    },
    {
      target: "dispatchWebhookEvent",
      name: "table.on",
      bad: [null, 42, { ping: 42 }],
      call: (bad) => dispatchWebhookEvent(event, { on: bad as never }),
    },
    {
      target: "dispatchWebhookEvent",
      name: "table.onUnhandled",
      bad: OPTIONAL_FUNCTION,
      call: (bad) => dispatchWebhookEvent(event, { onUnhandled: bad as never }),
    },
    {
      target: "dispatchWebhookEvent",
      name: "context",
      bad: OPTIONAL_OBJECT,
      call: (bad) => dispatchWebhookEvent(event, {}, bad as never),
    },
  ];
}
