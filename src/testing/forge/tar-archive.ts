// A streaming ustar writer, web APIs only: one 512-byte header per entry, contents padded to 512 bytes, a PAX
// header for paths that do not fit ustar's name/prefix fields, and a PAX global header carrying the commit id as
// `git archive` writes it. Gzip comes from `CompressionStream`. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Operations known by behavior only)

/** One archive entry; `path` of a directory ends without a slash (the writer adds it). */
export interface TarEntry {
  path: string;
  type: "file" | "directory" | "symlink";
  /** Permission bits, e.g. 0o644. */
  mode: number;
  /** Unix seconds. */
  mtime: number;
  /** File contents. */
  bytes?: Uint8Array;
  /** The target of a symbolic link. */
  linkTarget?: string;
}

const BLOCK = 512;
// GNU tar and `git archive` pad the archive to whole 10 KiB records.
const RECORD = 20 * BLOCK;
const encoder = new TextEncoder();

function writeText(header: Uint8Array, offset: number, length: number, text: string): void {
  header.set(encoder.encode(text).subarray(0, length), offset);
}

function writeOctal(header: Uint8Array, offset: number, length: number, value: number): void {
  writeText(header, offset, length, `${value.toString(8).padStart(length - 1, "0")}\0`);
}

// ustar splits a long path at a slash: up to 155 bytes of prefix, up to 100 of name.
function splitPath(path: string): { name: string; prefix: string } | undefined {
  if (encoder.encode(path).length <= 100) return { name: path, prefix: "" };
  for (let i = path.indexOf("/"); i > 0; i = path.indexOf("/", i + 1)) {
    const prefix = path.slice(0, i);
    const name = path.slice(i + 1);
    if (encoder.encode(prefix).length <= 155 && encoder.encode(name).length <= 100) return { name, prefix };
  }
  return undefined;
}

function header(fields: {
  path: string;
  typeflag: string;
  mode: number;
  size: number;
  mtime: number;
  linkTarget?: string;
}): Uint8Array {
  const block = new Uint8Array(BLOCK);
  const split = splitPath(fields.path) ?? { name: fields.path.slice(-100), prefix: "" };
  writeText(block, 0, 100, split.name);
  writeOctal(block, 100, 8, fields.mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, fields.size);
  writeOctal(block, 136, 12, fields.mtime);
  block.fill(0x20, 148, 156); // the checksum counts its own field as spaces
  writeText(block, 156, 1, fields.typeflag);
  writeText(block, 157, 100, fields.linkTarget ?? "");
  writeText(block, 257, 8, "ustar\u000000");
  writeText(block, 265, 32, "root");
  writeText(block, 297, 32, "root");
  writeText(block, 345, 155, split.prefix);
  const checksum = block.reduce((sum, byte) => sum + byte, 0);
  writeText(block, 148, 8, `${checksum.toString(8).padStart(6, "0")}\0 `);
  return block;
}

// A PAX record is `<length> <key>=<value>\n`, where the length counts its own digits.
function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let length = encoder.encode(body).length;
  while (String(length).length + encoder.encode(body).length !== length)
    length = String(length).length + encoder.encode(body).length;
  return `${length}${body}`;
}

function padded(bytes: Uint8Array): Uint8Array[] {
  const rest = bytes.length % BLOCK;
  return rest === 0 ? [bytes] : [bytes, new Uint8Array(BLOCK - rest)];
}

function paxEntry(path: string, typeflag: "g" | "x", records: string, mtime: number): Uint8Array[] {
  const bytes = encoder.encode(records);
  return [header({ path, typeflag, mode: 0o666, size: bytes.length, mtime }), ...padded(bytes)];
}

function entryBlocks(entry: TarEntry): Uint8Array[] {
  const path = entry.type === "directory" ? `${entry.path}/` : entry.path;
  const blocks: Uint8Array[] = [];
  if (!splitPath(path) || encoder.encode(entry.linkTarget ?? "").length > 100) {
    let records = splitPath(path) ? "" : paxRecord("path", path);
    if (entry.linkTarget !== undefined && encoder.encode(entry.linkTarget).length > 100)
      records += paxRecord("linkpath", entry.linkTarget);
    blocks.push(...paxEntry("pax_header", "x", records, entry.mtime));
  }
  const bytes = entry.type === "file" ? (entry.bytes ?? new Uint8Array()) : new Uint8Array();
  const typeflag = entry.type === "file" ? "0" : entry.type === "directory" ? "5" : "2";
  blocks.push(
    header({
      path,
      typeflag,
      mode: entry.mode,
      size: bytes.length,
      mtime: entry.mtime,
      ...(entry.linkTarget === undefined ? {} : { linkTarget: entry.linkTarget }),
    }),
  );
  if (bytes.length > 0) blocks.push(...padded(bytes));
  return blocks;
}

/**
 * A tar archive of `entries`, produced entry by entry as the reader pulls. With `comment`, a PAX global header
 * comes first (`git archive` puts the commit id there).
 */
export function tarStream(
  entries: Iterable<TarEntry>,
  options: { comment?: string; mtime?: number } = {},
): ReadableStream<Uint8Array> {
  const iterator = entries[Symbol.iterator]();
  let written = 0;
  let pending: Uint8Array[] =
    options.comment === undefined
      ? []
      : paxEntry("pax_global_header", "g", paxRecord("comment", options.comment), options.mtime ?? 0);
  let done = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      while (pending.length === 0 && !done) {
        const next = iterator.next();
        if (next.done) {
          done = true;
          const end = written + 2 * BLOCK;
          pending = [new Uint8Array(2 * BLOCK + ((RECORD - (end % RECORD)) % RECORD))];
        } else {
          pending = entryBlocks(next.value);
        }
      }
      const chunk = pending.shift();
      if (chunk === undefined) {
        controller.close();
        return;
      }
      written += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

/** `stream` gzip-compressed (`application/gzip`). */
export function gzipStream(stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  return stream.pipeThrough(new CompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
}
