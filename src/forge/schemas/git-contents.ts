import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import {
  arrayOf,
  booleanField,
  integerAtLeast,
  integerBetween,
  oneOf,
  pathItem,
  requestObject,
  requiredText,
} from "../../core/request-fields.js";
import { itemCount } from "../../core/request-rules.js";
import { base64DecodedLength, isPlainObject, utf8ByteLength } from "../../core/validation.js";
import { FORGE_LIMITS } from "./limits.js";
import { branchRefProblem, fullSha, stringList } from "./request-fields.js";

// Request bodies of text search and the Git data endpoints.

// @__NO_SIDE_EFFECTS__
function clampedContext(label: string) {
  return v.pipe(
    integerAtLeast(label, 0),
    v.transform((lines) => Math.min(lines, FORGE_LIMITS.maxGrepContext)),
  );
}

/**
 * The body of POST /repos/{o}/{r}:grep. `contextBefore`/`contextAfter` above 10 are clamped to 10 (the server
 * reduces them the same way), not refused. `caseInsensitive` and `wholeWord` are accepted always but the forge
 * honors them only when `literal` is true. `maxResults` defaults to 1000 server-side.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export const GrepSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      query: v.pipe(
        requiredText("`query`"),
        v.check(
          (query) => query.trim() !== "(?i)",
          "[empty_pattern] `query` is only the (?i) flag; add something to search for",
        ),
      ),
      ref: v.optional(requiredText("`ref`")),
      literal: v.optional(booleanField("`literal`")),
      caseInsensitive: v.optional(booleanField("`caseInsensitive`")),
      wholeWord: v.optional(booleanField("`wholeWord`")),
      contextBefore: v.optional(clampedContext("`contextBefore`")),
      contextAfter: v.optional(clampedContext("`contextAfter`")),
      filterPath: v.optional(v.string("[type] `filterPath` must be a string")),
      includes: v.optional(v.pipe(stringList("`includes`"), itemCount("`includes`", 0, FORGE_LIMITS.maxGrepGlobs))),
      excludes: v.optional(v.pipe(stringList("`excludes`"), itemCount("`excludes`", 0, FORGE_LIMITS.maxGrepGlobs))),
      maxResults: v.optional(integerBetween("`maxResults`", 1, FORGE_LIMITS.maxGrepResults)),
    },
    "the grep request",
  ),
);

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Decoded bytes of one file change's content; 0 for a delete or a malformed entry. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export function fileChangeBytes(change: unknown): number {
  if (!isPlainObject(change) || typeof change.content !== "string") return 0;
  return change.encoding === "base64" ? base64DecodedLength(change.content) : utf8ByteLength(change.content);
}

const mib = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;

/** One entry of `files[]`: a path with exactly one of `content` (plus `encoding`, `mode`) or `delete`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const FileChangeSchema = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    requestObject(
      {
        path: requiredText("`path`"),
        content: v.optional(v.string("[type] `content` must be a string")),
        encoding: v.optional(oneOf(["utf-8", "base64"] as const, "`encoding`")),
        mode: v.optional(oneOf(["file", "executable", "symlink"] as const, "`mode`")),
        delete: v.optional(v.literal(true, "[type] `delete` must be true; to keep the file, drop the entry")),
      },
      "a file change",
    ),
    v.rawCheck(({ dataset, addIssue }) => {
      const change: unknown = dataset.value;
      if (!isPlainObject(change)) return;
      const hasContent = change.content !== undefined;
      const deletes = change.delete !== undefined;
      if (hasContent === deletes) {
        addIssue({
          message: `[exactly_one_of] a file change needs exactly one of \`content\` or \`delete\`; it has ${hasContent ? "both" : "neither"}`,
        });
      }
      if (deletes && !hasContent) {
        for (const key of ["encoding", "mode"] as const) {
          if (change[key] === undefined) continue;
          addIssue({
            message: `[exclusive] \`${key}\` describes \`content\`; a \`delete\` takes no \`${key}\``,
            path: [pathItem(change, key, change[key])],
          });
        }
      }
      if (typeof change.content !== "string") return;
      if (change.encoding === "base64" && !BASE64.test(change.content.replace(/\s+/g, ""))) {
        addIssue({
          message: "[base64] `content` is not valid base64 (A-Z, a-z, 0-9, +, /, = padding)",
          path: [pathItem(change, "content", change.content)],
        });
      }
      const bytes = fileChangeBytes(change);
      if (bytes > FORGE_LIMITS.maxFileBytes) {
        addIssue({
          message: `[max_file_size] \`content\` decodes to ${mib(bytes)}; one file may be at most 8 MiB`,
          path: [pathItem(change, "content", change.content)],
        });
      }
    }),
  ),
);

/** The body of POST .../git/commits:createFromFiles: 1..1,000 changes, 8 MiB per file, 32 MiB in total. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CreateFromFilesSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      expectedHeadSha: fullSha("`expectedHeadSha`"),
      files: v.pipe(
        arrayOf(FileChangeSchema, "`files`"),
        itemCount("`files`", FORGE_LIMITS.minFileChanges, FORGE_LIMITS.maxFileChanges),
        v.rawCheck(({ dataset, addIssue }) => {
          const files: unknown = dataset.value;
          if (!Array.isArray(files)) return;
          const total = files.reduce((sum: number, change: unknown) => sum + fileChangeBytes(change), 0);
          if (total > FORGE_LIMITS.maxTotalFileBytes) {
            addIssue({ message: `[max_total_size] \`files\` decode to ${mib(total)} in total; the limit is 32 MiB` });
          }
        }),
      ),
    },
    "the commit",
  ),
);

/** The body of POST /repos/{o}/{r}/git/refs: a branch ref and a full SHA. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CreateRefSchema = /* @__PURE__ */ lazySchema(() =>
  requestObject(
    {
      ref: v.pipe(
        requiredText("`ref`"),
        v.rawCheck(({ dataset, addIssue }) => {
          if (typeof dataset.value !== "string") return;
          const problem = branchRefProblem(dataset.value);
          if (problem) addIssue({ message: `[branch_ref] \`ref\` ${problem}` });
        }),
      ),
      sha: fullSha("`sha`"),
    },
    "the ref",
  ),
);

/** What `search.grep` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type GrepParams = v.InferInput<typeof GrepSchema>;
/** One file change of `createFromFiles`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type FileChange = v.InferInput<typeof FileChangeSchema>;
/** What `git.createFromFiles` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type CreateFromFilesParams = v.InferInput<typeof CreateFromFilesSchema>;
/** What `git.createRef` accepts. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export type CreateRefParams = v.InferInput<typeof CreateRefSchema>;
