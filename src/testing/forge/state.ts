import { importSPKI } from "jose";
import type { CryptoKey } from "../../core/crypto-key.js";
import {
  checkInput,
  type FieldRule,
  fakeArgumentError,
  STRING_FIELD,
  TEXT_FIELD,
  TEXT_LIST_FIELD,
} from "../argument-errors.js";
import type { RandomUUID } from "../ids.js";
import { ed25519SpkiFromPem, sameBytes, spkiKeyId } from "./encoding.js";
import { DEFAULT_INSTALLATION_SCOPES, type ForgeInstallationOptions, type ResolvedForgeOptions } from "./options.js";
import { installationScopes } from "./scopes.js";

/** An owner namespace (team or user). */
export interface ForgeNamespace {
  slug: string;
  id: string;
  type: "team" | "user";
}

/** A repository of the fake forge. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Repository (summary as returned by installation repository list)) */
export interface ForgeRepository {
  id: string;
  name: string;
  owner: ForgeNamespace;
  defaultBranch: string;
  visibility: "internal" | "private";
  mirror?: { source: string; sourceId: string; status: string };
  allowMergeCommit: boolean;
  allowSquashMerge: boolean;
  deleteBranchOnMerge: boolean;
  createdAt: number;
  updatedAt: number;
  pushedAt: number;
}

/** One registered Ed25519 public key of an app; the digest and the imported key are computed on first use. */
export interface AppSigningKey {
  der: Uint8Array<ArrayBuffer>;
  pem: string;
  createdAt: number;
  kid(): Promise<string>;
  cryptoKey(): Promise<CryptoKey>;
}

/** An app; `keys` are its active signing keys, oldest first. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § App) */
export interface ForgeApp {
  id: string;
  displayName: string;
  webhookUrl: string;
  events: string[];
  installationRedirectUris: string[];
  namespaceSlug: string;
  description: string;
  websiteUrl: string;
  defaultScopes: string[];
  createdAt: number;
  updatedAt: number;
  keys: AppSigningKey[];
}

/** The admin who approved an installation. */
export interface ForgeUser {
  id: string;
  email: string;
  displayName: string;
  handle: string;
}

/** An installation of an app on a namespace. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Installation) */
export interface ForgeInstallation {
  id: string;
  appId: string;
  target: ForgeNamespace;
  repoSelectionMode: "all" | "selected";
  /** The chosen repositories when `selected`. */
  repositoryIds: string[];
  scopes: string[];
  installedBy: ForgeUser;
  createdAt: number;
  updatedAt: number;
  suspendedAt?: number;
}

/** A minted installation access token; `repositoryIds` only when the token was narrowed to them. */
export interface InstallationToken {
  token: string;
  installationId: string;
  scopes: string[];
  repositoryIds?: string[];
  expiresAt: number;
}

/** The Ed25519 public keys an app may hold at once. */
export const MAX_ACTIVE_APP_KEYS = 10;

const REPOSITORY_NAMES = ["web-app", "api-server", "docs", "design-system"];

/** The default admin who approved the seeded installations. */
export const SEED_ADMIN: ForgeUser = {
  id: "user_0001",
  email: "admin@acme.example",
  displayName: "Acme Admin",
  handle: "acme-admin",
};

/** A signing key for a PEM, or `undefined` when it is not a PEM SPKI Ed25519 public key. */
export function signingKeyFromPem(pem: string, createdAt: number): AppSigningKey | undefined {
  const der = ed25519SpkiFromPem(pem);
  if (!der) return undefined;
  let kid: Promise<string> | undefined;
  let key: Promise<CryptoKey> | undefined;
  return {
    der,
    pem,
    createdAt,
    kid: () => {
      kid ??= spkiKeyId(der);
      return kid;
    },
    cryptoKey: () => {
      key ??= importSPKI(pem, "EdDSA");
      return key;
    },
  };
}

const APP_FIELDS: Record<string, FieldRule> = {
  appId: TEXT_FIELD,
  publicKeyPem: STRING_FIELD,
  webhookUrl: STRING_FIELD,
  displayName: STRING_FIELD,
};
const INSTALLATION_FIELDS: Record<string, FieldRule> = {
  id: TEXT_FIELD,
  appId: TEXT_FIELD,
  targetSlug: TEXT_FIELD,
  scopes: [Array.isArray, "an array of scope names"],
  repoSelectionMode: [(value) => value === "all" || value === "selected", '"all" or "selected"'],
  repositoryIds: TEXT_LIST_FIELD,
};

/** The forge's in-memory data: one namespace with its repositories, apps, installations and tokens. */
export class ForgeState {
  readonly namespace: ForgeNamespace;
  readonly repositories: ForgeRepository[] = [];
  readonly apps = new Map<string, ForgeApp>();
  readonly installations = new Map<string, ForgeInstallation>();
  readonly tokens = new Map<string, InstallationToken>();
  /**
   * Whether the namespace owner may write to the forge (paid plan, no legacy privacy mode, forge on).
   * Set it to `false` to make Create Repo and Create App answer FailedPrecondition (400).
   */
  ownerEligible = true;
  private readonly randomUUID: RandomUUID;

  constructor(options: ResolvedForgeOptions, randomUUID: RandomUUID, at: number) {
    this.randomUUID = randomUUID;
    this.namespace = { slug: options.owner.slug, id: "ns_0001", type: options.owner.type };
    for (let i = 0; i < options.repositories; i++) {
      // The last default-sized repository is a mirror, so lists "include mirrors" out of the box.
      const isMirror = i === 4;
      const created = at - (options.repositories - i) * 86_400_000;
      this.repositories.push({
        id: `repo_${String(i + 1).padStart(4, "0")}`,
        name: isMirror ? "legacy-mirror" : (REPOSITORY_NAMES[i] ?? `repo-${String(i + 1).padStart(3, "0")}`),
        owner: this.namespace,
        defaultBranch: "main",
        visibility: i % 2 === 0 ? "private" : "internal",
        ...(isMirror ? { mirror: { source: "github", sourceId: "100045", status: "inbound" } } : {}),
        allowMergeCommit: true,
        allowSquashMerge: true,
        deleteBranchOnMerge: false,
        createdAt: created,
        updatedAt: created,
        pushedAt: created,
      });
    }
    for (const app of options.apps) this.createApp(app, at);
    const installations = options.installations ?? [...this.apps.keys()].map((appId) => ({ appId }));
    for (const installation of installations) this.createInstallation(installation, at);
  }

  /** A fresh id with a prefix, from the injectable UUID source. */
  newId(prefix: string): string {
    return `${prefix}_${this.randomUUID().replace(/-/g, "").slice(0, 16)}`;
  }

  /** Registers an app, with its first signing key when a PEM is given. */
  createApp(
    input: { appId?: string; publicKeyPem?: string; webhookUrl?: string; displayName?: string },
    at: number,
  ): ForgeApp {
    checkInput(input, "app", "fake.forge", APP_FIELDS);
    const id = input.appId ?? this.newId("app");
    if (this.apps.has(id)) throw fakeArgumentError(`fake.forge: an app ${id} already exists.`);
    const keys: AppSigningKey[] = [];
    if (input.publicKeyPem !== undefined) {
      const key = signingKeyFromPem(input.publicKeyPem, at);
      if (!key)
        throw fakeArgumentError("fake.forge: `publicKeyPem` must be a PEM SPKI Ed25519 public key (BEGIN PUBLIC KEY).");
      keys.push(key);
    }
    const app: ForgeApp = {
      id,
      displayName: input.displayName ?? `Fake App ${this.apps.size + 1}`,
      webhookUrl: input.webhookUrl ?? "",
      events: [],
      installationRedirectUris: [],
      namespaceSlug: this.namespace.slug,
      description: "",
      websiteUrl: "",
      defaultScopes: [...DEFAULT_INSTALLATION_SCOPES],
      createdAt: at,
      updatedAt: at,
      keys,
    };
    this.apps.set(id, app);
    return app;
  }

  /** Adds a native repository to the namespace (Create Repo); its branches and labels are seeded on first use. */
  createRepository(
    input: { name: string; visibility?: "internal" | "private"; defaultBranch?: string },
    at: number,
  ): ForgeRepository {
    let sequence = this.repositories.length + 1;
    const idOf = (n: number) => `repo_${String(n).padStart(4, "0")}`;
    while (this.repositories.some((repo) => repo.id === idOf(sequence))) sequence++;
    const repo: ForgeRepository = {
      id: idOf(sequence),
      name: input.name,
      owner: this.namespace,
      defaultBranch: input.defaultBranch ?? "main",
      visibility: input.visibility ?? "private",
      allowMergeCommit: true,
      allowSquashMerge: true,
      deleteBranchOnMerge: false,
      createdAt: at,
      updatedAt: at,
      pushedAt: at,
    };
    this.repositories.push(repo);
    return repo;
  }

  /** Installs an app on the namespace; throws an `invalid_argument` AgentlineError naming the bad input. */
  createInstallation(input: ForgeInstallationOptions, at: number): ForgeInstallation {
    checkInput(input, "installation", "fake.forge", INSTALLATION_FIELDS);
    const appId = input.appId ?? this.apps.keys().next().value;
    if (appId === undefined || !this.apps.has(appId))
      throw fakeArgumentError(`fake.forge: no app ${appId ?? "(none registered)"} to install; register it first.`);
    if (input.targetSlug !== undefined && input.targetSlug.toLowerCase() !== this.namespace.slug.toLowerCase())
      throw fakeArgumentError(
        `fake.forge: the only namespace is ${this.namespace.slug}; got targetSlug ${input.targetSlug}.`,
      );
    const id = input.id ?? this.newId("inst");
    if (this.installations.has(id)) throw fakeArgumentError(`fake.forge: an installation ${id} already exists.`);
    const mode = input.repoSelectionMode ?? "all";
    const repositoryIds =
      mode === "all" ? [] : (input.repositoryIds ?? this.repositories.slice(0, 2).map((repo) => repo.id));
    for (const repoId of repositoryIds) {
      if (!this.repositories.some((repo) => repo.id === repoId))
        throw fakeArgumentError(`fake.forge: no repository ${repoId} in ${this.namespace.slug}.`);
    }
    const installation: ForgeInstallation = {
      id,
      appId,
      target: this.namespace,
      repoSelectionMode: mode,
      repositoryIds: [...repositoryIds],
      scopes: installationScopes(input.scopes ?? DEFAULT_INSTALLATION_SCOPES),
      installedBy: SEED_ADMIN,
      createdAt: at,
      updatedAt: at,
    };
    this.installations.set(id, installation);
    return installation;
  }

  /** Removes an installation; its tokens stop working at once. */
  deleteInstallation(id: string): boolean {
    if (!this.installations.delete(id)) return false;
    for (const [token, entry] of this.tokens) if (entry.installationId === id) this.tokens.delete(token);
    return true;
  }

  /** The repositories an installation covers, in list order. */
  installationRepositories(installation: ForgeInstallation): ForgeRepository[] {
    return this.repositories.filter(
      (repo) =>
        repo.owner.id === installation.target.id &&
        (installation.repoSelectionMode === "all" || installation.repositoryIds.includes(repo.id)),
    );
  }

  /** The active key of an app that has these DER bytes. */
  findKeyByDer(app: ForgeApp, der: Uint8Array): AppSigningKey | undefined {
    return app.keys.find((key) => sameBytes(key.der, der));
  }
}
