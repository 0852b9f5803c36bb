// An independent echo server and leak detector for the secret sweep, written from the issue alone (Node's
// Buffer and util are fine in tests): it shares no code with src/core/redact.ts, so a wrong reading there
// cannot hide here.
import { inspect } from "node:util";

/** One way a server (or a proxy in front of it) might write a secret back: a form (wrapping), then an escape. */
export interface Encoding {
  form: string;
  name: string;
  encode: (secret: string) => string;
  /**
   * A dump or a wrapped line takes the secret's characters apart (promised for errors, logs and headers; content a
   * relay hands on as data is not read for these forms).
   */
  separated: boolean;
}

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");
const b64url = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const hex4 = (unit: number) => unit.toString(16).padStart(4, "0");

// What the secret is wrapped in before any escaping: alone, Basic pairs, and offsets 0, 1 and 2 inside longer text.
const FORMS: ReadonlyArray<[string, (s: string) => string]> = [
  ["raw", (s) => s],
  ["base64", (s) => b64(s)],
  ["base64(key:)", (s) => b64(`${s}:`)],
  ["base64(:key)", (s) => b64(`:${s}`)],
  ["base64(user:pass)", (s) => b64(`x-access-token:${s}`)],
  ["base64(user:key) offset 2", (s) => b64(`user:${s}`)],
  ["base64 offset 1 in text", (s) => b64(`a${s}z`)],
  ["base64url", (s) => b64url(s)],
  ["base64url offset 2", (s) => b64url(`ab${s}`)],
  ["hex", (s) => Buffer.from(s, "utf8").toString("hex")],
  ["HEX", (s) => Buffer.from(s, "utf8").toString("hex").toUpperCase()],
  ["UTF-16BE hex", (s) => Buffer.from(s, "utf16le").swap16().toString("hex")],
  ["UTF-16LE HEX", (s) => Buffer.from(s, "utf16le").toString("hex").toUpperCase()],
];

const hexPairs = (text: string) => Buffer.from(text, "utf8").toString("hex").match(/../g) ?? [];
/** Lines of `width` characters, as MIME (76, CRLF), PEM (64, LF) or `xxd -p` (60, LF) wrap them. */
const wrapAt = (text: string, width: number, lineEnd: string) =>
  (text.match(new RegExp(`.{1,${width}}`, "g")) ?? []).join(lineEnd);
/**
 * A request's head of `bytes` bytes before the secret, so that a line break of the encoding falls 5 bytes into the
 * secret: base64 lines of 76 characters hold 57 bytes, of 64 hold 48, hex lines of 60 hold 30.
 */
const head = (bytes: number) => {
  const end = "\r\nAuthorization: Bearer ";
  return `X-Padding: ${"p".repeat(bytes - end.length - 11)}${end}`;
};

// Dumps and wrapped lines: the secret's characters taken apart by separators or line breaks.
const SEPARATED_FORMS: ReadonlyArray<[string, (s: string) => string]> = [
  ["hex bytes spaced (xxd, tcpdump)", (s) => hexPairs(s).join(" ")],
  ["HEX bytes colon-separated", (s) => hexPairs(s).join(":").toUpperCase()],
  [
    "\\x escapes (C, Python bytes)",
    (s) =>
      hexPairs(s)
        .map((pair) => `\\x${pair}`)
        .join(""),
  ],
  [
    "0x list (a byte array)",
    (s) =>
      hexPairs(s)
        .map((pair) => `0x${pair}`)
        .join(", "),
  ],
  ["hex of a request wrapped at 60 (xxd -p)", (s) => wrapAt(Buffer.from(head(55) + s).toString("hex"), 60, "\n")],
  ["base64 of a request wrapped at 76, CRLF (MIME)", (s) => wrapAt(b64(head(109) + s), 76, "\r\n")],
  ["base64 of a request wrapped at 64 (PEM)", (s) => wrapAt(b64(`${head(91)}${s}\r\n\r\n`), 64, "\n")],
  ["characters spaced apart", (s) => [...s].join(" ")],
];

// How the (wrapped) secret is escaped on the way out.
const ESCAPES: ReadonlyArray<[string, (s: string) => string]> = [
  ["as is", (s) => s],
  [
    "JSON \\u for every char",
    (s) =>
      s
        .split("")
        .map((c) => `\\u${hex4(c.charCodeAt(0))}`)
        .join(""),
  ],
  [
    "JSON \\u for every third char",
    (s) =>
      s
        .split("")
        .map((c, i) => (i % 3 === 0 ? `\\u${hex4(c.charCodeAt(0)).toUpperCase()}` : c))
        .join(""),
  ],
  ["JSON-escaped with \\/", (s) => JSON.stringify(s).slice(1, -1).replaceAll("/", "\\/")],
  ["encodeURIComponent", (s) => encodeURIComponent(s)],
  ["form-encoded (+ for space)", (s) => new URLSearchParams({ v: s }).toString().slice(2)],
  ["URL-encoded twice", (s) => encodeURIComponent(encodeURIComponent(s))],
  ["HTML &#decimal; for every char", (s) => [...s].map((c) => `&#${c.codePointAt(0)};`).join("")],
  [
    "HTML &#xhex; for every other char, &amp; for &",
    (s) =>
      [...s]
        .map((c, i) => (c === "&" ? "&amp;" : i % 2 === 0 ? `&#x${(c.codePointAt(0) as number).toString(16)};` : c))
        .join(""),
  ],
];

/** Every encoding the sweep echoes: the raw secret under every escape, each base64 form under four. */
export const ENCODINGS: readonly Encoding[] = FORMS.flatMap(([form, wrap]) =>
  ESCAPES.filter(
    ([escapeName]) =>
      form === "raw" || /as is|\\\/|third|encodeURI/.test(escapeName) || (form === "hex" && /HTML/.test(escapeName)),
  ).map(([escapeName, esc]) => ({
    form,
    name: `${form}, ${escapeName}`,
    encode: (secret: string) => esc(wrap(secret)),
    separated: false,
  })),
).concat(
  SEPARATED_FORMS.flatMap(([form, separate]) =>
    ESCAPES.filter(([escapeName]) => /as is|\\\/|encodeURI/.test(escapeName)).map(([escapeName, esc]) => ({
      form,
      name: `${form}, ${escapeName}`,
      encode: (secret: string) => esc(separate(secret)),
      separated: true,
    })),
  ),
);

// Header values and status texts must be ByteStrings without line breaks.
const headerSafe = (value: string) => /^[\t\x20-\x7e]*$/.test(value);

/** The places one response (or a failing fetch) can carry an echoed value, grouped by response shape. */
export const SHAPES: ReadonlyArray<{ name: string; places: string[]; respond: (v: string) => Response }> = [
  {
    name: "agents error body",
    places: ["code", "message", "helpUrl", "provider", "nested fields", "body keys", "headers", "status text"],
    respond: (v) =>
      Response.json(
        {
          error: { code: v, message: v, helpUrl: v, provider: v, details: { nested: [{ value: v }], [v]: v } },
          [v]: { deep: [v] },
        },
        { status: 401, ...withHeaders(v) },
      ),
  },
  {
    name: "forge RPC body",
    places: ["message", "details fieldViolations", "details requestId", "unknown details", "headers"],
    respond: (v) =>
      Response.json(
        {
          code: 3,
          message: v,
          details: [
            {
              "@type": "type.googleapis.com/google.rpc.BadRequest",
              fieldViolations: [{ field: v, description: v }],
            },
            { "@type": "type.googleapis.com/google.rpc.RequestInfo", requestId: v, servingData: v },
            { "@type": v, [v]: v },
          ],
        },
        { status: 400, ...withHeaders(v) },
      ),
  },
  {
    name: "admin {code: 'error'}",
    places: ["admin message"],
    respond: (v) => Response.json({ code: "error", message: v }, { status: 403 }),
  },
  {
    name: "admin {error}",
    places: ["admin error string"],
    respond: (v) => Response.json({ error: v }, { status: 404 }),
  },
  {
    name: "admin {outcome}",
    places: ["admin outcome message", "admin results"],
    respond: (v) => Response.json({ outcome: "error", message: v, results: [{ id: v }] }, { status: 409 }),
  },
  {
    name: "text body",
    places: ["non-JSON body"],
    respond: (v) => new Response(`upstream said: ${v}\n`, { status: 502, headers: { "content-type": "text/plain" } }),
  },
  {
    name: "text body across the 200-character cut",
    places: ["non-JSON body, cut"],
    respond: (v) => new Response(`${"x".repeat(190)}${v}`, { status: 500, headers: { "content-type": "text/html" } }),
  },
  {
    name: "2xx with broken JSON",
    places: ["broken JSON body"],
    respond: (v) => new Response(`{"items": ["${v}"`, { status: 200, headers: { "content-type": "application/json" } }),
  },
  {
    name: "2xx breaking the response schema",
    places: ["schema-invalid body"],
    respond: (v) =>
      Response.json({
        [v]: v,
        id: v,
        items: v,
        teamMembers: v,
        members: v,
        repositories: v,
        resources: v,
        events: v,
        repos: v,
      }),
  },
];

function withHeaders(v: string): ResponseInit {
  if (!headerSafe(v)) return {};
  return {
    statusText: v,
    headers: {
      "x-request-id": v,
      "x-ratelimit-resource": v,
      "www-authenticate": `Bearer error="invalid_token", error_description="${v}"`,
      "x-echo": v,
      "retry-after": v,
    },
  };
}

/** Ways `fetch` itself fails with the secret (and the Authorization header) in what it throws. */
export const THROWS: ReadonlyArray<{ name: string; places: string[]; fail: (v: string, auth: string) => unknown }> = [
  {
    name: "fetch throws",
    places: ["thrown message", "cause message", "cause.code neighbours", "cause.cause"],
    fail: (v, auth) =>
      new TypeError(`fetch failed (authorization: ${auth}) ${v}`, {
        cause: Object.assign(new Error(`connect ${v}`), {
          code: "ECONNREFUSED",
          address: v,
          cause: Object.assign(new Error(`inner ${v} ${auth}`), { code: "UND_ERR_SOCKET", [v]: v }),
        }),
      }),
  },
  {
    name: "fetch rejects with a non-Error",
    places: ["rejected plain value"],
    fail: (v, auth) => ({ message: v, authorization: auth, code: "EPIPE", nested: { [v]: [v] } }),
  },
];

// ---- leak detection ----

function decodeOnce(text: string): string {
  let out = text.replace(/\\u([0-9a-fA-F]{4})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  out = out.replace(/\\([\\/"'nrt])/g, (_m, c: string) => ({ n: "\n", r: "\r", t: "\t" })[c] ?? c);
  out = out.replace(/&#(\d+);|&#[xX]([0-9a-fA-F]+);/g, (_m, dec?: string, hex?: string) =>
    String.fromCodePoint(dec !== undefined ? Number(dec) : Number.parseInt(hex as string, 16)),
  );
  out = out.replace(
    /&(amp|lt|gt|quot|apos);/g,
    (_m, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[name] as string,
  );
  out = out.replace(/(%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
  return out;
}

/**
 * The text and what it decodes to (JSON escapes, percent-encoding, HTML character references; `+` as space or as
 * itself), up to 3 deep.
 */
function views(text: string): string[] {
  const out = new Set<string>([text]);
  for (const start of [text, text.replaceAll("+", " ")]) {
    let current = start;
    for (let i = 0; i < 3; i++) {
      const next = decodeOnce(current);
      out.add(next);
      if (next === current) break;
      current = next;
    }
  }
  // Each reading with line breaks and spaces gone, and with a dump's hex digits alone.
  for (const view of [...out]) {
    out.add(view.replace(/\s+/g, ""));
    out.add(view.replace(/(^|[^0-9A-Za-z])0x(?=[0-9a-fA-F])/gi, "$1").replace(/[^0-9a-fA-F]+/g, ""));
  }
  return [...out];
}

/**
 * What would betray a secret: the secret itself, its UTF-8 bytes and UTF-16 code units (either byte order) in hex
 * (either case), and the base64 / base64url
 * characters that depend on the secret alone when it is encoded at byte offset 0, 1 or 2 of a longer text.
 */
export function needlesOf(secret: string): string[] {
  const bytes = Buffer.from(secret, "utf8");
  const out = new Set<string>([secret]);
  for (const hex of [bytes, Buffer.from(secret, "utf16le"), Buffer.from(secret, "utf16le").swap16()].map((b) =>
    b.toString("hex"),
  ))
    out.add(hex).add(hex.toUpperCase());
  for (const offset of [0, 1, 2]) {
    const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
    const start = [0, 2, 3][offset] as number;
    const end = Math.floor(((offset + bytes.length) * 8) / 6);
    const fragment = encoded.slice(start, end);
    out.add(fragment);
    out.add(fragment.replaceAll("+", "-").replaceAll("/", "_"));
  }
  return [...out];
}

/** How many of the secrets' needles any view of the text contains. */
export function countLeaks(text: string, needles: readonly string[]): number {
  let hits = 0;
  for (const view of views(text)) for (const needle of needles) if (view.includes(needle)) hits++;
  return hits;
}

/** Every string reachable from a value: own properties (enumerable or not, symbols too), getters, causes. */
function strings(value: unknown, out: string[], seen: Set<unknown>, depth: number): void {
  if (typeof value === "string") {
    out.push(value);
    return;
  }
  if (typeof value !== "object" || value === null || seen.has(value) || depth > 12) return;
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) {
    if (typeof key === "string") out.push(key);
    let item: unknown;
    try {
      item = (value as Record<PropertyKey, unknown>)[key];
    } catch {
      continue;
    }
    strings(item, out, seen, depth + 1);
  }
  // Getters on the SDK's own prototypes (retryAfter, path, rule, …).
  for (
    let proto = Object.getPrototypeOf(value);
    proto && proto !== Error.prototype;
    proto = Object.getPrototypeOf(proto)
  ) {
    if (proto === Object.prototype || proto === Array.prototype) break;
    for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(proto))) {
      if (descriptor.get && key !== "constructor")
        strings((value as Record<string, unknown>)[key], out, seen, depth + 1);
    }
  }
}

/** Every surface an error shows: message, String(), stack, JSON, util.inspect, each property and the cause chain. */
export function surfacesOf(error: unknown): Array<[string, string]> {
  const e = error as Error;
  const all: string[] = [];
  strings(error, all, new Set(), 0);
  return [
    ["message", String(e?.message)],
    ["String(e)", String(error)],
    ["stack", String(e?.stack)],
    ["JSON.stringify", JSON.stringify(error) ?? ""],
    ["util.inspect", inspect(error, { depth: Number.POSITIVE_INFINITY })],
    ["util.inspect showHidden", inspect(error, { depth: Number.POSITIVE_INFINITY, showHidden: true })],
    ["properties and causes", all.join("\n")],
  ];
}
