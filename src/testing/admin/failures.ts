import type { Reply } from "../responses.js";

/**
 * The Admin API's error body shapes: `{code: 'error', message}` for most routes, `{error}` for
 * remove-member and organization sync, `{outcome: 'error', message}` for the single spend-limit route (which
 * answers its own failures with 200; see spend-limit-routes.ts).
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Team Admin API and Organization API § Errors)
 */
export type Envelope = "code" | "error" | "outcome";

/** An error reply in one of the Admin API's envelopes. */
export function adminError(
  status: number,
  message: string,
  envelope: Envelope = "code",
  headers?: Record<string, string>,
): Reply {
  const body =
    envelope === "error"
      ? { error: message }
      : envelope === "outcome"
        ? { outcome: "error", message }
        : { code: "error", message };
  return headers === undefined ? { status, body } : { status, body, headers };
}

/** Thrown deep inside an admin handler to answer with an error; the admin dispatcher sends its reply. */
export class AdminFailure extends Error {
  readonly reply: Reply;
  /** The message the reply carries. */
  readonly detail: string;

  constructor(status: number, message: string, envelope: Envelope = "code", headers?: Record<string, string>) {
    super(`${status}: ${message}`);
    this.detail = message;
    this.reply = adminError(status, message, envelope, headers);
  }
}

/** 400 with the route's envelope. */
export function badRequest(message: string, envelope: Envelope = "code"): AdminFailure {
  return new AdminFailure(400, message, envelope);
}

/** 404 with the route's envelope. */
export function notFound(message: string, envelope: Envelope = "code"): AdminFailure {
  return new AdminFailure(404, message, envelope);
}
