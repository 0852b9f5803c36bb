import { ApiPromise } from "../../core/api-promise.js";
import { argumentError, requestObject, requireClientContext } from "../../core/arguments.js";
import { AgentlineError, ConnectionError, ValidationError } from "../../core/errors.js";
import { callOperation, listOperation, sendOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { requireId, requireSegments } from "../../core/paths.js";
import type { ForgeContext } from "../forge-context.js";
import { type ForgeRepoRef, type RepoParams, repoParams } from "../repo-ref.js";
import type { GrepParams } from "../schemas/git-contents.js";
import type { Contents } from "../schemas/git-responses.js";

/** A repository archive as it streams in: gzip-compressed tar, one top-level `{owner}-{repo}-{shortSha}/` directory. */
export interface ForgeTarball {
  /**
   * The archive bytes as they arrive (read once; nothing is buffered). Unpack with
   * `body.pipeThrough(new DecompressionStream("gzip"))`.
   */
  body: ReadableStream<Uint8Array<ArrayBuffer>>;
  /** `application/gzip` from the forge. */
  contentType: string;
  /** The raw response (status, headers); its body is `body`. */
  response: Response;
}

function notAFile(contents: Contents): AgentlineError {
  return new AgentlineError(
    `${contents.path} is a ${contents.type}, not a file: read its \`entries\`, or ask for a file path.`,
    { code: "not_a_file" },
  );
}

/**
 * The bytes of a file (or a symlink's target) read with `contents.get`, decoded from base64 when `encoding` says
 * so. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export function contentBytes(contents: Contents): Uint8Array {
  if (typeof contents !== "object" || contents === null)
    throw argumentError(contents, "contents", "contentBytes", "what `contents.get(path)` resolved to");
  if (contents.content === undefined) throw notAFile(contents);
  if (contents.encoding !== "base64") return new TextEncoder().encode(contents.content);
  let binary: string;
  try {
    binary = atob(contents.content.replace(/\s+/g, ""));
  } catch {
    // A forge answer whose `content` is not base64 breaks the spec: refused as a response, not a bare DOMException.
    throw new ValidationError(
      [{ path: "content", rule: "base64", message: `\`content\` of ${contents.path} is not valid base64` }],
      { direction: "response", context: "contents.get" },
    );
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The text of a file read with `contents.get`, decoded as UTF-8 (invalid sequences become U+FFFD). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export function contentText(contents: Contents): string {
  return new TextDecoder().decode(contentBytes(contents));
}

// A repository path without leading or trailing slashes; the root has no path here (read it with `git.tree`).
function repoFilePath(path: unknown, operation: string): string {
  const trimmed = requireId(path, "path", operation).replace(/^\/+|\/+$/g, "");
  if (trimmed === "")
    throw new ValidationError(
      [
        {
          path: "path",
          rule: "required",
          message: "`path` names no file or directory; list the root with `git.tree(ref)`",
        },
      ],
      { context: operation },
    );
  return requireSegments(trimmed, "path", operation);
}

// `?ref=` selects the commit; an empty ref means the default branch, as an omitted one does.
function refQuery(ref: string | undefined): { ref: string | undefined } {
  return { ref: ref === "" ? undefined : ref };
}

// One side of a comparison: a branch, tag or SHA, never containing the `...` that joins the two.
function compareSide(value: unknown, field: "base" | "head"): string {
  const side = requireSegments(value, field, "contents.compareFiles");
  if (side.includes("..."))
    throw new ValidationError(
      [{ path: field, rule: "ref", message: `\`${field}\` must be one ref, without \`...\`` }],
      {
        context: "contents.compareFiles",
      },
    );
  return side;
}

/**
 * Files, directories, comparisons, text search and archives of a repository.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export class ContentsResource {
  readonly #context: ForgeContext;
  readonly #repo: RepoParams;
  constructor(context: ForgeContext, repo: ForgeRepoRef) {
    requireClientContext(context, "ContentsResource");
    this.#context = context;
    this.#repo = repoParams(repo);
  }

  /**
   * A file (bytes in base64 `content`; see {@link contentBytes} and {@link contentText}), symlink or directory
   * (`entries`) at `ref` (the default branch when omitted).
   */
  get(path: string, params: { ref?: string } = {}, options?: CallOptions) {
    return callOperation(this.#context, "contents.get", () => ({
      params: { ...this.#repo, path: repoFilePath(path, "contents.get") },
      query: refQuery(requestObject(params, "params", "contents.get").ref),
      options,
    }));
  }

  /** A file's text at `ref`, decoded as UTF-8; a directory rejects with code `not_a_file`. */
  async text(path: string, params: { ref?: string } = {}, options?: CallOptions): Promise<string> {
    return contentText(await this.get(path, params, options));
  }

  /** A file's bytes at `ref`; a directory rejects with code `not_a_file`. */
  async bytes(path: string, params: { ref?: string } = {}, options?: CallOptions): Promise<Uint8Array> {
    return contentBytes(await this.get(path, params, options));
  }

  /**
   * The files `head` changed since its merge base with `base` (`base...head`): empty when identical or behind,
   * NotFound for unrelated histories; a branch that moves mid-listing invalidates the page token (400).
   * `await` → first page, `for await` → every file.
   */
  compareFiles(base: string, head: string, params: { pageSize?: number } = {}, options?: CallOptions) {
    return listOperation(this.#context, "contents.compareFiles", () => ({
      params: { ...this.#repo, basehead: `${compareSide(base, "base")}...${compareSide(head, "head")}` },
      query: params,
      options,
    }));
  }

  /**
   * Searches file contents at `ref` (default branch when omitted): `query` is a regular expression unless
   * `literal` (only then do `caseInsensitive` and `wholeWord` apply); context above 10 lines is reduced to 10.
   * Not paginated: the lines are complete only when `limitHit` is false.
   */
  grep(params: GrepParams, options?: CallOptions) {
    return callOperation(this.#context, "contents.grep", { params: this.#repo, body: params, options });
  }

  /**
   * The repository at `ref` as a gzip-compressed tar stream, never buffered by the SDK. The forge answers a
   * repeat request for a commit with a redirect to a signed address (valid 15 minutes) that `fetch` follows.
   */
  tarball(ref: string, options?: CallOptions): ApiPromise<ForgeTarball> {
    return ApiPromise.from(async () => {
      const params = { ...this.#repo, ref };
      const result = await sendOperation(this.#context, "contents.tarball", { params, raw: true, options });
      const body = result.response.body;
      if (body === null) throw new ConnectionError("The tarball response arrived without a body.");
      const contentType = result.response.headers.get("content-type") ?? "application/gzip";
      return { ...result, data: { body, contentType, response: result.response } };
    });
  }
}
