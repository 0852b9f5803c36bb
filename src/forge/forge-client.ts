import { ApiPromise } from "../core/api-promise.js";
import { AuthenticationError } from "../core/errors.js";
import type { BaseClientOptions, CallOptions } from "../core/options.js";
import { PagePromise } from "../core/pagination.js";
import { parseResponse } from "../core/schema.js";
import { type RequestSpec, Transport } from "../core/transport.js";
import {
  InstallationReposPageSchema,
  type RateLimitResponse,
  RateLimitResponseSchema,
  type RepositorySummary,
} from "./schemas/auth.js";

/** The forge lives under `{base}/v1/forge`. @see spec/forge-api.md */
export const FORGE_PREFIX = "/v1/forge";

/** Where a forge client's bearer credential comes from, and what to do when the forge refuses it. */
export interface ForgeCredential {
  /** The bearer value (an app JWT, an installation token or a user token). */
  token: () => Promise<string>;
  /** Drops a refused credential so the next `token()` gets a fresh one; `false` when there is none to get. */
  refresh?: () => Promise<boolean>;
}

/** A forge page mapped onto the SDK's cursor pages (`nextPageToken` is empty on the last page). */
export interface ForgePage<Item> {
  items: Item[];
  nextCursor?: string | undefined;
}

/**
 * Sends forge requests: bearer auth, an `x-request-id` per call, RPC error bodies, and one retry with
 * a fresh credential when the forge answers 401 (an installation token revoked or expired early).
 */
export class ForgeRequester {
  readonly transport: Transport;
  readonly #credential: ForgeCredential;

  constructor(options: BaseClientOptions, credential: ForgeCredential) {
    let current = "";
    this.#credential = credential;
    this.transport = new Transport(options, {
      authorization: async () => {
        current = await credential.token();
        return `Bearer ${current}`;
      },
      secrets: () => (current ? [current] : []),
    });
  }

  /** One operation under the forge prefix, parsed with `schema` when given. */
  async send<T>(
    spec: Omit<RequestSpec<T>, "path"> & { path: string },
  ): Promise<{ data: T; response: Response; requestId: string | undefined }> {
    const headers = { "x-request-id": crypto.randomUUID(), ...spec.options?.headers };
    const request = { ...spec, path: FORGE_PREFIX + spec.path, options: { ...spec.options, headers } };
    try {
      return await this.transport.request(request);
    } catch (error) {
      if (error instanceof AuthenticationError && this.#credential.refresh && (await this.#credential.refresh())) {
        return this.transport.request(request);
      }
      throw error;
    }
  }
}

/**
 * A Code Forge client for one credential: an installation (from `ForgeApp.installation()`, minting and
 * refreshing its own token) or a user token (`new ForgeClient({ token, baseUrl })`).
 * @see spec/forge-api.md#endpoints
 */
export class ForgeClient {
  readonly #requester: ForgeRequester;
  readonly installationRepos: {
    /** The repositories the installation reaches (mirrors included), filtered by a substring or `owner/repo`. */
    list(
      params?: { filter?: string; pageSize?: number },
      options?: CallOptions,
    ): PagePromise<RepositorySummary, ForgePage<RepositorySummary>>;
  };

  constructor(options: BaseClientOptions & ({ token: string } | { credential: ForgeCredential })) {
    const credential: ForgeCredential =
      "credential" in options ? options.credential : { token: async () => options.token };
    this.#requester = new ForgeRequester(options, credential);
    const requester = this.#requester;
    this.installationRepos = {
      list: (params = {}, callOptions) =>
        new PagePromise(async (cursor) => {
          const result = await requester.send({
            operation: "installationRepos.list",
            method: "GET",
            path: "/installation/repos",
            query: { filter: params.filter, pageSize: params.pageSize, pageToken: cursor },
            options: callOptions,
            parse: (json) => parseResponse(InstallationReposPageSchema, json, "installationRepos.list"),
          });
          const page = result.data;
          return { ...result, data: { items: page.repositories, nextCursor: page.nextPageToken || undefined } };
        }),
    };
  }

  /** The credential's points budget (costs 0). */
  rateLimit(options?: CallOptions): ApiPromise<RateLimitResponse> {
    return ApiPromise.from(() =>
      this.#requester.send({
        operation: "rateLimit",
        method: "GET",
        path: "/rate_limit",
        options,
        parse: (json) => parseResponse(RateLimitResponseSchema, json, "rateLimit"),
      }),
    );
  }
}
