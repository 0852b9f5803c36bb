import {
  type BulkResult,
  type ChunkErrorMode,
  type ChunkedReport,
  mergeBulkResults,
  type PairRowsOptions,
  pairRows,
  runChunked,
} from "./bulk.js";

/** What a chunked row-level bulk call returns: every row beside its input, and the chunk report. */
export interface BulkRowsResult<Row, Input> {
  /** Each input with the row the server returned for it (applied chunks only), in request order. */
  rows: BulkResult<Row, Input>["rows"];
  okCount: number;
  failedCount: number;
  /** Which chunks were applied, rejected whole, or never sent. Pass to `retryFailed()`. */
  report: ChunkedReport<Input, BulkResult<Row, Input>, BulkResult<Row, Input>>;
}

/** Options of a chunked bulk call. */
export interface BulkCallOptions {
  /** On a chunk rejected whole: throw a `BulkPartialError` (default), stop, or continue. */
  onChunkError?: ChunkErrorMode | undefined;
  signal?: AbortSignal | undefined;
}

/**
 * Sends `items` in chunks of the route's maximum, pairs each response's rows with their inputs (by
 * position, or by `key` where the route does not promise order), and merges them in request order.
 */
export async function bulkRows<Row, Input>(options: {
  items: readonly Input[];
  size: number;
  send: (chunk: Input[], index: number) => Promise<readonly Row[]>;
  key?: { input: (input: Input) => unknown; row: (row: Row) => unknown } | undefined;
  /** See {@link PairRowsOptions.belongs}. */
  belongs?: ((input: Input, row: Row) => boolean) | undefined;
  call?: BulkCallOptions | undefined;
  /** Scrubs the client's secrets from the reasons a `BulkPartialError` quotes. */
  redact?: ((text: string) => string) | undefined;
}): Promise<BulkRowsResult<Row, Input>> {
  const report = await runChunked<Input, BulkResult<Row, Input>, BulkResult<Row, Input>>({
    items: options.items,
    size: options.size,
    send: async (chunk, index) =>
      pairRows(chunk, await options.send(chunk, index), { key: options.key, belongs: options.belongs }),
    merge: mergeBulkResults,
    onChunkError: options.call?.onChunkError,
    signal: options.call?.signal,
    redact: options.redact,
  });
  return { rows: report.merged.rows, okCount: report.merged.okCount, failedCount: report.merged.failedCount, report };
}
