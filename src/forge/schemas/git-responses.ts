import * as v from "valibot";
import { lazySchema } from "../../core/lazy-schema.js";
import { openEnum, responseObject } from "../../core/schema.js";
import { NextPageTokenSchema } from "./references.js";
import { GitRefSchema } from "./repo-responses.js";

// Responses of the commit, contents, tree, ref-listing and text-search operations. The spec names these operations
// but not their fields: Git's own fields in the forge's camelCase are typed, everything else is kept as sent.
// Sizes are 64-bit on the wire and stay strings (a number sent instead is read as its decimal string).

/** A 64-bit integer kept as a string; a JSON number is accepted and turned into its decimal string. */
const Int64String = /* @__PURE__ */ lazySchema(() =>
  v.pipe(
    v.union([v.string(), v.number()]),
    v.transform((value) => String(value)),
  ),
);

/** Who made a commit and when (RFC 3339). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const GitSignatureSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    name: v.optional(v.string()),
    email: v.optional(v.string()),
    date: v.optional(v.string()),
  }),
);

/** A commit: its tree, parents (first parent first), message and signatures. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CommitSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    sha: v.string(),
    treeSha: v.optional(v.string()),
    parents: v.optional(v.array(responseObject({ sha: v.string() })), []),
    message: v.optional(v.string(), ""),
    author: v.optional(GitSignatureSchema),
    committer: v.optional(GitSignatureSchema),
  }),
);

/** How a file changed. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const FILE_CHANGE_STATUSES = ["added", "modified", "removed", "renamed", "copied", "changed"] as const;

/** One changed file of a commit or a comparison. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const ChangedFileSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    path: v.string(),
    status: openEnum(FILE_CHANGE_STATUSES),
    previousPath: v.optional(v.string()),
    sha: v.optional(v.string()),
    additions: v.optional(v.number(), 0),
    deletions: v.optional(v.number(), 0),
    changes: v.optional(v.number(), 0),
  }),
);

/** A page of changed files (List Commit Files, List Comparison Files). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const ChangedFilesPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    files: v.array(ChangedFileSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** Kinds of repository contents. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const CONTENT_TYPES = ["file", "dir", "symlink", "submodule"] as const;

/** One entry of a directory listing. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const ContentEntrySchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    type: openEnum(CONTENT_TYPES),
    name: v.optional(v.string()),
    path: v.string(),
    sha: v.optional(v.string()),
    mode: v.optional(v.string()),
    size: v.optional(Int64String),
  }),
);

/**
 * A path at a ref: a file (or symlink) with its bytes in `content` (base64 when `encoding` says so; see
 * `contentBytes`/`contentText`), or a directory with its `entries`. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only)
 */
export const ContentsSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    ...ContentEntrySchema.entries,
    encoding: v.optional(v.string()),
    content: v.optional(v.string()),
    target: v.optional(v.string()),
    entries: v.optional(v.array(ContentEntrySchema)),
  }),
);

/** Kinds of tree entries. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const TREE_ENTRY_TYPES = ["blob", "tree", "commit"] as const;

/** One entry of a tree; `path` is relative to the tree read. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const TreeEntrySchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    path: v.string(),
    mode: v.string(),
    type: openEnum(TREE_ENTRY_TYPES),
    sha: v.string(),
    size: v.optional(Int64String),
  }),
);

/** A tree read (recursively when asked); `truncated` when the forge cut the listing short. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Versioning) */
export const TreeSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    sha: v.string(),
    tree: v.array(TreeEntrySchema),
    truncated: v.optional(v.boolean(), false),
  }),
);

/** A page of refs whose names start with a prefix. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const MatchingRefsPageSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    refs: v.array(GitRefSchema),
    nextPageToken: NextPageTokenSchema,
  }),
);

/** One matching line of a text search with the context lines around it. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const GrepLineSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    path: v.string(),
    lineNumber: v.number(),
    line: v.string(),
    contextBefore: v.optional(v.array(v.string()), []),
    contextAfter: v.optional(v.array(v.string()), []),
  }),
);

/** The text-search answer: complete only when `limitHit` is false (there is no pagination). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Operations known by behavior only) */
export const GrepResultSchema = /* @__PURE__ */ lazySchema(() =>
  responseObject({
    lines: v.array(GrepLineSchema),
    limitHit: v.optional(v.boolean(), false),
  }),
);

/** A commit's author or committer. */
export type GitSignature = v.InferOutput<typeof GitSignatureSchema>;
/** A commit. */
export type Commit = v.InferOutput<typeof CommitSchema>;
/** A changed file. */
export type ChangedFile = v.InferOutput<typeof ChangedFileSchema>;
/** A page of changed files. */
export type ChangedFilesPage = v.InferOutput<typeof ChangedFilesPageSchema>;
/** A directory entry. */
export type ContentEntry = v.InferOutput<typeof ContentEntrySchema>;
/** A file, symlink or directory at a ref. */
export type Contents = v.InferOutput<typeof ContentsSchema>;
/** A tree entry. */
export type TreeEntry = v.InferOutput<typeof TreeEntrySchema>;
/** A tree. */
export type Tree = v.InferOutput<typeof TreeSchema>;
/** A page of matching refs. */
export type MatchingRefsPage = v.InferOutput<typeof MatchingRefsPageSchema>;
/** One matching line. */
export type GrepLine = v.InferOutput<typeof GrepLineSchema>;
/** The text-search answer. */
export type GrepResult = v.InferOutput<typeof GrepResultSchema>;
