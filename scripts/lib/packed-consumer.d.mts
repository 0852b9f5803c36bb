// Types of scripts/lib/packed-consumer.mjs for the TypeScript benches that import it.

/** The repository's root directory (with a trailing slash). */
export declare const repositoryRoot: string;

/** Builds dist/ with tsdown, as `npm run build` does (without the dependency check). */
export declare function buildDist(): void;

/** What to install into the consumer besides the tarball. */
export interface PackedConsumerOptions {
  /** Install with `--engine-strict` (default true). */
  engineStrict?: boolean;
  /** Hide npm's output (default true). */
  quiet?: boolean;
  /** Packages of the repository's node_modules to symlink into the consumer (e.g. benchmark anchors). */
  link?: readonly string[];
}

/** A fresh project with the packed tarball installed. */
export interface PackedConsumer {
  /** The consumer project's directory. */
  project: string;
  /** The packed tarball's path. */
  tarball: string;
  /** The installed agentline version. */
  version: string;
  /** The tarball's file list. */
  files: string[];
}

/** Packs the repository (dist/ must be built) and installs the tarball into a fresh project under the temp dir. */
export declare function packedConsumer(options?: PackedConsumerOptions): PackedConsumer;
