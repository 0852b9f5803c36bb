// Reads an example's wrangler.toml and turns its bindings into miniflare options, so the test runs the Worker
// with the bindings a deployment gets. Only the TOML that wrangler configs use is read (tables, arrays of
// tables, strings, numbers, booleans, one-line arrays); anything else, or a binding kind not mapped below, is an
// error rather than silently left out. Plain Node.

const KEY = /^[A-Za-z0-9_-]+$/;

/** The value at the start of `text` and what follows it. */
function readValue(text, where) {
  const basic = /^"((?:[^"\\]|\\.)*)"/.exec(text);
  if (basic) return [JSON.parse(`"${basic[1]}"`), text.slice(basic[0].length)];
  const literal = /^'([^']*)'/.exec(text);
  if (literal) return [literal[1], text.slice(literal[0].length)];
  const scalar = /^(true|false|[+-]?\d[\d_]*(?:\.\d+)?)(?=[\s,\]#]|$)/.exec(text);
  if (scalar) {
    const value = scalar[1] === "true" ? true : scalar[1] === "false" ? false : Number(scalar[1].replaceAll("_", ""));
    return [value, text.slice(scalar[0].length)];
  }
  if (text.startsWith("[")) {
    const items = [];
    let rest = text.slice(1).trimStart();
    while (!rest.startsWith("]")) {
      const [item, after] = readValue(rest, where);
      items.push(item);
      rest = after.trimStart();
      if (rest.startsWith(",")) rest = rest.slice(1).trimStart();
      else if (!rest.startsWith("]")) throw new Error(`${where}: expected , or ] in an array`);
    }
    return [items, rest.slice(1)];
  }
  throw new Error(`${where}: unsupported value ${JSON.stringify(text.slice(0, 20))}`);
}

/** Parses the TOML subset described above; `name` is for error messages. */
export function parseWranglerToml(text, name = "wrangler.toml") {
  const root = {};
  let table = root;
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    const where = `${name}:${index + 1}`;
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const header = /^(\[\[?)\s*([A-Za-z0-9_.-]+)\s*(\]\]?)\s*(#.*)?$/.exec(line);
    if (header) {
      const [, open, path, close] = header;
      if (open.length !== close.length) throw new Error(`${where}: unbalanced table header`);
      const keys = path.split(".");
      const last = keys.pop();
      let parent = root;
      for (const key of keys) parent = parent[key] ??= {};
      if (open === "[[") {
        parent[last] ??= [];
        if (!Array.isArray(parent[last])) throw new Error(`${where}: ${path} is not an array of tables`);
        table = {};
        parent[last].push(table);
      } else {
        table = parent[last] ??= {};
      }
      continue;
    }
    const assignment = /^([A-Za-z0-9_-]+)\s*=\s*(.*)$/.exec(line);
    if (!assignment || !KEY.test(assignment[1])) throw new Error(`${where}: unsupported line ${JSON.stringify(line)}`);
    const [value, rest] = readValue(assignment[2], where);
    if (rest.trim() !== "" && !rest.trim().startsWith("#")) throw new Error(`${where}: unexpected ${rest.trim()}`);
    table[assignment[1]] = value;
  }
  return root;
}

// What the mapping below understands; any other top-level key fails the run until it is mapped.
const MAPPED = new Set([
  "name",
  "main",
  "compatibility_date",
  "compatibility_flags",
  "vars",
  "durable_objects",
  "migrations",
  "queues",
  "kv_namespaces",
]);

/**
 * The miniflare options for a parsed wrangler config: compatibility, vars (overridden by `vars`), Durable
 * Objects (SQLite-backed when a migration says so), KV namespaces, queue producers and consumers.
 */
export function miniflareOptions(config, { vars = {} } = {}) {
  const unmapped = Object.keys(config).filter((key) => !MAPPED.has(key));
  if (unmapped.length > 0) {
    throw new Error(`wrangler.toml has ${unmapped.join(", ")}, which the test does not map to miniflare yet`);
  }
  const sqliteClasses = new Set((config.migrations ?? []).flatMap((migration) => migration.new_sqlite_classes ?? []));
  const byName = (entries, key, toValue) =>
    Object.fromEntries((entries ?? []).map((entry) => [entry[key], toValue(entry)]));
  const defined = (object) => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));
  return {
    compatibilityDate: config.compatibility_date,
    compatibilityFlags: config.compatibility_flags ?? [],
    bindings: { ...config.vars, ...vars },
    durableObjects: byName(config.durable_objects?.bindings, "name", (binding) => ({
      className: binding.class_name,
      useSQLite: sqliteClasses.has(binding.class_name),
    })),
    kvNamespaces: byName(config.kv_namespaces, "binding", (namespace) => namespace.id),
    queueProducers: byName(config.queues?.producers, "binding", (producer) => ({ queueName: producer.queue })),
    queueConsumers: byName(config.queues?.consumers, "queue", (consumer) =>
      defined({
        maxBatchSize: consumer.max_batch_size,
        maxBatchTimeout: consumer.max_batch_timeout,
        maxRetries: consumer.max_retries,
        retryDelay: consumer.retry_delay,
        deadLetterQueue: consumer.dead_letter_queue,
      }),
    ),
  };
}
