import { ForgeApp } from "../../../src/forge/forge-app.js";
import { generateAppKeyPair } from "../../../src/forge/keys.js";
import { repoData } from "../../../src/testing/forge/repo-state.js";
import { createFakeService } from "../../../src/testing/index.js";

/** Contents write (which grants read) and pull requests, for the Git data and contents tests. */
export const GIT_SCOPES = ["repository:contents:write", "repository:pull_requests:write"];

/** A fake forge on a manual clock, an installation holding `scopes`, and `acme/web-app` through the SDK. */
export async function gitSetup(scopes: string[] = GIT_SCOPES) {
  const clock = { t: Date.parse("2026-11-21T12:00:00Z") };
  const now = () => clock.t;
  const fake = createFakeService({ now, baseUrl: "https://forge.example.test" });
  const keys = await generateAppKeyPair();
  const { appId } = fake.forge.registerApp({ publicKeyPem: keys.publicKey, install: false });
  const { installationId } = fake.forge.createInstallation({ appId, scopes });
  const app = new ForgeApp({
    appId,
    privateKey: keys.privateKey,
    baseUrl: "https://forge.example.test",
    fetch: fake.fetch,
    now,
    sleep: async () => {},
  });
  const forge = app.installation(installationId);
  const repo = forge.repo("acme", "web-app");
  /** The fake's branch tips of a repository (what pull requests read). */
  const branches = (name = "web-app") => {
    const stored = fake.forge.state.repositories.find((candidate) => candidate.name === name);
    if (!stored) throw new Error(`no repository ${name}`);
    return repoData(fake.forge.state, stored).branches;
  };
  /** Requests the SDK sent so far. */
  const sent = () => fake.requests.length;
  return { fake, clock, forge, repo, branches, sent };
}

/** One tar entry as read back from an archive. */
export interface TarRecord {
  name: string;
  type: string;
  mode: number;
  linkName: string;
  bytes: Uint8Array;
}

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes).replace(/\0.*$/s, "");

/** Parses a (decompressed) ustar archive, applying PAX `path` headers and keeping the global header's records. */
export function parseTar(archive: Uint8Array): { entries: TarRecord[]; global: Record<string, string> } {
  const entries: TarRecord[] = [];
  const global: Record<string, string> = {};
  let pax: Record<string, string> = {};
  for (let offset = 0; offset + 512 <= archive.length; ) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) break;
    const stored = header.reduce((sum, byte, i) => sum + (i >= 148 && i < 156 ? 32 : byte), 0);
    if (stored !== Number.parseInt(text(header.subarray(148, 156)).trim(), 8)) throw new Error("bad tar checksum");
    const size = Number.parseInt(text(header.subarray(124, 136)), 8);
    const bytes = archive.slice(offset + 512, offset + 512 + size);
    const type = text(header.subarray(156, 157));
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === "g" || type === "x") {
      const records: Record<string, string> = {};
      for (const line of new TextDecoder().decode(bytes).split("\n").filter(Boolean)) {
        const [key, ...value] = line.slice(line.indexOf(" ") + 1).split("=");
        records[key as string] = value.join("=");
      }
      if (type === "g") Object.assign(global, records);
      else pax = records;
      continue;
    }
    const prefix = text(header.subarray(345, 500));
    const name = pax.path ?? (prefix ? `${prefix}/` : "") + text(header.subarray(0, 100));
    entries.push({
      name,
      type,
      mode: Number.parseInt(text(header.subarray(100, 108)), 8),
      linkName: text(header.subarray(157, 257)),
      bytes,
    });
    pax = {};
  }
  return { entries, global };
}

/** Reads a whole stream (tests only: the SDK never buffers an archive). */
export async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
