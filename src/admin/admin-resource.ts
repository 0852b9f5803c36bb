import { requireClientContext } from "../core/arguments.js";
import type { AdminContext } from "./admin-policy.js";

/** What every Admin / Organization resource is built on: its client's context (resources come from their client). */
export class AdminResource {
  /** The client's transport, operation table and policy. */
  protected readonly context: AdminContext;

  constructor(context: AdminContext) {
    requireClientContext(context, new.target.name);
    this.context = context;
  }
}
