/**
 * What a route handler answers: a status, a JSON body and extra headers. The entry point turns it into
 * a `Response` and adds the headers every answer carries (request id, rate limit).
 */
export interface Reply {
  status: number;
  /** Serialized as JSON; `undefined` sends no body. */
  body?: unknown;
  /** A raw body sent as it is (the run stream); `headers` must then name its content type. */
  stream?: ReadableStream<Uint8Array>;
  headers?: Record<string, string>;
}

/** The error body of every API in the spec: `{error: {code, message}}`. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Cloud Agents API § Errors) */
export interface ErrorBody {
  error: { code: string; message: string; helpUrl?: string; provider?: string };
}

/** A successful JSON reply (200 unless told). */
export function reply(body: unknown, status = 200): Reply {
  return { status, body };
}

/** An error reply in the spec's shape. */
export function errorReply(status: number, code: string, message: string, headers?: Record<string, string>): Reply {
  const body: ErrorBody = { error: { code, message } };
  return headers === undefined ? { status, body } : { status, body, headers };
}

/**
 * Thrown by helpers deep inside a handler (`requireAgent`, body parsing, …) to answer with an error;
 * the entry point catches it and sends {@link HttpFailure.reply}. Keeps handlers linear.
 */
export class HttpFailure extends Error {
  readonly reply: Reply;

  constructor(status: number, code: string, message: string, headers?: Record<string, string>) {
    super(`${status} ${code}: ${message}`);
    this.reply = errorReply(status, code, message, headers);
  }
}

/** Builds the `Response` for a {@link Reply}, merged with the headers common to every answer. */
export function toResponse(result: Reply, commonHeaders: Record<string, string>): Response {
  const headers = new Headers(commonHeaders);
  for (const [name, value] of Object.entries(result.headers ?? {})) headers.set(name, value);
  if (result.stream !== undefined) return new Response(result.stream, { status: result.status, headers });
  if (result.body === undefined) return new Response(null, { status: result.status, headers });
  headers.set("content-type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(result.body), { status: result.status, headers });
}
