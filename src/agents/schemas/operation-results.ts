import * as v from "valibot";
import { responseObject } from "./response-object.js";

/**
 * What archive and unarchive answer. The spec does not describe the body, so every field is
 * optional and kept as sent; an empty body becomes `{}`.
 * @see {@link https://github.com/agentline/agentline#cloud-agents | README: Cloud Agents} (spec: Cloud Agents API § Endpoints)
 */
export const ArchiveResponseSchema = v.pipe(
  v.optional(responseObject({ id: v.optional(v.string()) }), {}),
  v.transform((value) => value ?? {}),
);
