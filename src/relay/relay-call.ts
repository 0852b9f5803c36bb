import type { AgentsContext, AgentsOperationName } from "../agents/operations.js";
import { readTextUpTo } from "../core/bounded-body.js";
import { type Operation, type OperationInput, sendOperation } from "../core/operation.js";
import { queryFromWire } from "../core/schema.js";
import { timerDelay } from "../core/wait.js";
import { type RelayRedaction, relayError, relayFailure, relaySuccess } from "./relay-answers.js";

/**
 * The most bytes of one REST answer the relay takes from the service: a page of 100 agents is far below it, and an
 * upstream that sends more (broken, or hostile) cannot make the relay hold it all.
 */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** One page request relayed as one REST call. */
export interface RelayCallRequest {
  name: AgentsOperationName;
  params: Record<string, string>;
  /** The page's JSON body (sent only when the operation takes one). */
  body: unknown;
  /** The page's query, cut down to the keys the operation declares. */
  query: URLSearchParams;
  request: Request;
  redact: RelayRedaction;
}

/**
 * One REST call, sent through the client's operation sender: the entry's schemas check the query and body and the
 * path params take the client's segment rules before anything is sent. One attempt: the page's client retries (it
 * honours `Retry-After` and resends its `Idempotency-Key`), so relay retries would only multiply the attempts.
 *
 * The call is sent raw (the body as the service wrote it, for the page's client to parse), so the client's timeout
 * would cover only the wait for headers: the relay's own deadline, the client's `timeoutMs`, covers the body too, its
 * size is capped, and it ends with the page's request. Whatever happens, the page gets an answer in the API's error
 * format (502 for a broken, oversized or redirected answer, 504 past the deadline, 499 when the page went away), and
 * the relay's listener on the page's signal is removed.
 */
export async function relayCall(context: AgentsContext, call: RelayCallRequest): Promise<Response> {
  const { name, params, body, query, request, redact } = call;
  const entry: Operation = context.operations[name];
  const { timeoutMs } = context.transport.retrySettings;
  const connection = new AbortController();
  let timedOut = false;
  const pageGone = () => connection.abort(request.signal.reason);
  const timer =
    Number.isFinite(timeoutMs) && timeoutMs > 0
      ? setTimeout(() => {
          timedOut = true;
          connection.abort();
        }, timerDelay(timeoutMs))
      : undefined;
  if (request.signal.aborted) pageGone();
  else request.signal.addEventListener("abort", pageGone, { once: true });
  const ended = () =>
    timedOut
      ? relayError(504, "gateway_timeout", "The Cloud Agents service did not answer the relay in time.")
      : relayError(499, "client_closed_request", "The request was aborted.");
  try {
    const input: OperationInput = {
      params,
      query: entry.query ? queryFromWire(entry.query, query) : undefined,
      body: entry.body ? body : undefined,
      raw: true,
      idempotencyKey: request.headers.get("idempotency-key") || undefined,
      options: { signal: connection.signal, maxRetries: 0 },
    };
    let response: Response;
    try {
      response = (await sendOperation(context, name, input)).response;
    } catch (error) {
      if (connection.signal.aborted) return ended();
      return relayFailure(error);
    }
    // `fetch` followed a redirect: the answer is some other URL's, which the page must not get as the service's.
    if (response.redirected) {
      await response.body?.cancel().catch(() => {});
      return relayError(502, "bad_gateway", "The Cloud Agents service answered the relay with a redirect.");
    }
    let text: string | undefined;
    try {
      text = await readTextUpTo(response, MAX_ANSWER_BYTES);
    } catch {
      if (connection.signal.aborted) return ended();
      return relayError(502, "bad_gateway", "The Cloud Agents service's answer broke off.");
    }
    if (text === undefined) {
      return relayError(502, "bad_gateway", `The Cloud Agents service's answer exceeds ${MAX_ANSWER_BYTES} bytes.`);
    }
    return relaySuccess(response, text, redact);
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    request.signal.removeEventListener("abort", pageGone);
    // Ends the transport's own link to this call's signal (a raw answer keeps it until the signal fires).
    connection.abort();
  }
}
