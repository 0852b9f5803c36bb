// The shared suite's runtime cases for errors: how each runtime prints one. Deno.inspect, Bun.inspect, Node's
// util.inspect and workerd's console each have their own rules for own fields, causes, the stack header and
// `nodejs.util.inspect.custom`; every printer this runtime has is run over every error kind, counting what must be
// zero (a secret shown, a class shown as plain `Error`).
import { equal, ok, rejects } from "./assert.js";
import type { SharedCase, SharedSdk } from "./suite.js";
import { secretForms } from "./trust-cases.js";

const BASE_URL = "https://api.agentline.test";
const API_KEY = "runtime-key-4b1e8d7a92c35f06";

type Inspect = (value: unknown) => string;

/** Every printer this runtime has for a value: its own inspect (with and without hidden fields), then plain text. */
export function printers(): Array<[string, Inspect]> {
  const g = globalThis as unknown as {
    Deno?: { inspect(value: unknown, options?: object): string };
    Bun?: { inspect(value: unknown, options?: object): string };
    process?: { getBuiltinModule?(name: string): { inspect(value: unknown, options?: object): string } | undefined };
  };
  const out: Array<[string, Inspect]> = [];
  const own =
    (g.Deno && ["Deno.inspect", g.Deno.inspect.bind(g.Deno)]) ||
    (g.Bun && ["Bun.inspect", g.Bun.inspect.bind(g.Bun)]) ||
    (g.process?.getBuiltinModule && ["util.inspect", g.process.getBuiltinModule("node:util")?.inspect]);
  if (own && typeof own[1] === "function") {
    const [name, inspect] = own as [string, (value: unknown, options?: object) => string];
    out.push([name, (value) => inspect(value, { depth: 10 })]);
    out.push([`${name} showHidden`, (value) => inspect(value, { depth: 10, showHidden: true })]);
  }
  // What Node and Bun call, with a plain inspect: the same view wherever the runtime has no inspect of its own.
  const custom = Symbol.for("nodejs.util.inspect.custom");
  out.push([
    "custom inspect",
    (value) => {
      const view = (value as Record<symbol, unknown>)[custom];
      return typeof view === "function" ? String(view.call(value, 5, {}, (v: unknown) => JSON.stringify(v))) : "";
    },
  ]);
  out.push(["String", (value) => String(value)]);
  out.push(["JSON", (value) => JSON.stringify(value) ?? ""]);
  out.push([
    "cause chain",
    (value) => {
      const parts: string[] = [];
      let current: unknown = value;
      for (let depth = 0; depth < 8 && typeof current === "object" && current !== null; depth++) {
        const e = current as Error & Record<string, unknown>;
        parts.push(String(e.message), String(e.stack));
        for (const key of Object.getOwnPropertyNames(e)) {
          try {
            parts.push(`${key}=${JSON.stringify(e[key]) ?? String(e[key])}`);
          } catch {
            parts.push(`${key}=${String(e[key])}`);
          }
        }
        current = e.cause;
      }
      return parts.join("\n");
    },
  ]);
  return out;
}

/** Base64 (standard alphabet, padded) of some bytes. */
export const base64 = (bytes: ArrayBuffer | Uint8Array) => btoa(String.fromCharCode(...new Uint8Array(bytes)));

/** The runtime error cases, bound to one build of the SDK. */
export function createRuntimeErrorCases(sdk: SharedSdk): SharedCase[] {
  const keyed = (fetch: (request: Request) => Promise<Response>, extra: Record<string, unknown> = {}) =>
    new sdk.AgentsClient({
      apiKey: API_KEY,
      baseUrl: BASE_URL,
      fetch,
      sleep: async () => {},
      maxRetries: 0,
      dangerouslyAllowBrowser: true,
      ...extra,
    });

  return [
    {
      name: "runtime: every exported error class names itself in name, String, stack and this runtime's inspect (0 wrong)",
      async run() {
        const classes = Object.entries(sdk as unknown as Record<string, unknown>).filter(
          (entry): entry is [string, new (...args: unknown[]) => Error] =>
            typeof entry[1] === "function" && entry[1].prototype instanceof Error,
        );
        const wrong: string[] = [];
        let checked = 0;
        for (const [exported, ErrorClass] of classes) {
          const error = new ErrorClass("something went wrong");
          if (!sdk.isAgentlineError(error)) continue;
          checked++;
          const views: Array<[string, string]> = [
            ["name", error.name],
            ["String", String(error)],
            ["stack", String(error.stack)],
            ...printers()
              .filter(([printer]) => /inspect/.test(printer))
              .map(([printer, print]): [string, string] => [printer, print(error)]),
          ];
          for (const [view, text] of views)
            if (!text.startsWith(exported)) wrong.push(`${exported} ${view}: ${text.split("\n")[0]}`);
        }
        ok(checked >= 10, `agentline error classes checked (${checked})`);
        equal(wrong.join(" | "), "", "views that do not start with the class's name");
      },
    },
    {
      name: "runtime: a private key that is not Ed25519 PKCS#8 is a ValidationError naming privateKey, key unshown (0 other)",
      async run() {
        const now = Date.UTC(2030, 0, 1);
        const fake = sdk.createFakeService({ now: () => now });
        const appKeys = await sdk.generateAppKeyPair();
        const { appId } = fake.forge.registerApp({ publicKeyPem: appKeys.publicKey });
        const pemBody = appKeys.privateKey.replace(/-----[A-Z ]+-----|\s/g, "");
        const exported = async (algorithm: EcKeyGenParams | Algorithm, usages: KeyUsage[]) => {
          const pair = (await crypto.subtle.generateKey(algorithm, true, usages)) as CryptoKeyPair;
          return base64(await crypto.subtle.exportKey("pkcs8", pair.privateKey));
        };
        // WebCrypto differs here: some runtimes import another curve's PKCS#8 "as Ed25519" and fail only at sign.
        const bodies: Array<[string, string]> = [
          ["cut short", pemBody.slice(0, 40)],
          ["one byte short", pemBody.slice(0, -4)],
          ["P-256", await exported({ name: "ECDSA", namedCurve: "P-256" }, ["sign", "verify"])],
          ["X25519", await exported({ name: "X25519" }, ["deriveBits"]).catch(() => "")],
        ];
        const wrong: string[] = [];
        const secrets: string[] = [];
        for (const [, body] of bodies)
          for (let at = 0; at + 24 <= body.length; at += 24) secrets.push(body.slice(at, at + 24));
        for (const [label, body] of bodies) {
          if (!body) continue;
          const privateKey = `-----BEGIN PRIVATE KEY-----\n${body}\n-----END PRIVATE KEY-----\n`;
          const before = fake.requests.length;
          const error = await rejects(
            () =>
              new sdk.ForgeApp({
                appId,
                privateKey,
                dangerouslyAllowBrowser: true,
                baseUrl: BASE_URL,
                fetch: fake.fetch,
              }).getApp(),
            label,
          );
          if (!(error instanceof sdk.ValidationError) || error.path !== "privateKey") {
            wrong.push(`${label}: ${(error as Error)?.name} ${(error as Error)?.message}`);
          }
          if (fake.requests.length !== before) wrong.push(`${label}: ${fake.requests.length - before} requests sent`);
          for (const [printer, print] of printers())
            if (secrets.some((secret) => print(error).includes(secret)))
              wrong.push(`${label}: key shown by ${printer}`);
        }
        equal(wrong.join(" | "), "", "bad private keys not refused as a ValidationError of privateKey");
      },
    },
    {
      name: "runtime: this runtime's inspect of every error kind shows no secret (0 hits over 6 errors × every printer)",
      async run() {
        const forms = secretForms(API_KEY);
        const errors: Array<[string, unknown]> = [];
        const echo = async (request: Request) =>
          new Response(
            JSON.stringify({
              error: {
                code: "unauthenticated",
                message: `bad ${request.headers.get("authorization")} ${forms.join(" ")}`,
              },
            }),
            { status: 401, headers: { "content-type": "application/json", "x-request-id": forms[3] as string } },
          );
        errors.push(["ApiError", await rejects(() => keyed(echo).agents.list(), "an echoing 401")]);
        const refused = async (request: Request) => {
          throw new TypeError(`fetch failed for ${request.headers.get("authorization")}`, {
            cause: Object.assign(new Error(`socket ${forms[2]}`), { code: "ECONNRESET", key: API_KEY }),
          });
        };
        errors.push(["ConnectionError", await rejects(() => keyed(refused).agents.list(), "a refused connection")]);
        errors.push([
          "ValidationError (option)",
          await rejects(() => keyed(echo, { timeoutMs: -1 }).agents.list(), "a negative timeoutMs"),
        ]);
        const now = Date.UTC(2030, 0, 1);
        const signed = { "webhook-id": "msg_1", "webhook-timestamp": String(now / 1000) };
        const webhookBody = JSON.stringify({ type: "ping", secret: API_KEY });
        const noKeys = new sdk.ForgeKeys({
          baseUrl: BASE_URL,
          now: () => now,
          fetch: async () => new Response(`upstream says ${API_KEY}`, { status: 502 }),
        });
        errors.push([
          "WebhookVerificationError",
          await rejects(
            () =>
              sdk.verifyWebhook(
                { headers: { ...signed, "webhook-signature": `v1ed,${API_KEY}` }, body: webhookBody },
                { keys: noKeys, now: () => now },
              ),
            "a malformed signature",
          ),
        ]);
        errors.push([
          "KeySetUnavailableError",
          await rejects(
            () =>
              sdk.verifyWebhook(
                {
                  headers: { ...signed, "webhook-signature": `v1ed,${base64(new Uint8Array(64))}` },
                  body: webhookBody,
                },
                { keys: noKeys, now: () => now },
              ),
            "an unreachable key set",
          ),
        ]);
        // A forge error holding the installation token: the forge answers every installation call by echoing it.
        const fake = sdk.createFakeService({ now: () => now });
        const appKeys = await sdk.generateAppKeyPair();
        const { appId, installationId } = fake.forge.registerApp({
          publicKeyPem: appKeys.publicKey,
          install: { scopes: ["repository:labels:read"] },
        });
        const tokens: string[] = [];
        const app = new sdk.ForgeApp({
          appId,
          privateKey: appKeys.privateKey,
          dangerouslyAllowBrowser: true,
          baseUrl: BASE_URL,
          now: () => now,
          sleep: async () => {},
          fetch: async (request: Request) => {
            const auth = request.headers.get("authorization") ?? "";
            if (request.url.endsWith("/access_tokens") || !auth) return fake.fetch(request);
            const token = auth.replace(/^\w+\s+/, "");
            tokens.push(token);
            const message = `token ${token} (${btoa(token)}) not allowed for ${auth}`;
            const body = JSON.stringify({ code: 7, message, details: [{ field: "token", description: token }] });
            return new Response(body, { status: 403, headers: { "content-type": "application/json" } });
          },
        });
        const repo = app.installation(installationId as string).repo("acme", "web-app");
        errors.push(["forge ApiError", await rejects(() => repo.labels.list().toArray(), "an echoing forge")]);
        equal(tokens.length > 0, true, "the forge saw an installation token");

        const secrets = [...forms, ...tokens, ...tokens.map((token) => btoa(token))];
        const hits: string[] = [];
        let printed = 0;
        for (const [kind, error] of errors) {
          ok(sdk.isAgentlineError(error), `${kind}: an AgentlineError, got ${String(error)}`);
          for (const [printer, print] of printers()) {
            const text = print(error);
            printed++;
            for (const secret of secrets) if (text.includes(secret)) hits.push(`${kind} via ${printer}`);
          }
        }
        ok(printed >= errors.length * 4, `printed ${printed} views`);
        equal([...new Set(hits)].join(" | "), "", "error views that print a secret");
      },
    },
  ];
}
