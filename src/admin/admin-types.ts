import type { OperationBody, OperationOutput } from "../core/operation.js";
import type { ADMIN_OPERATIONS, AdminOperationName } from "./operations.js";

/** What an Admin or Organization operation answers, parsed: `AdminOutput<"members.list">` is `{ teamMembers }`. */
export type AdminOutput<N extends AdminOperationName> = OperationOutput<(typeof ADMIN_OPERATIONS)[N]>;

/** What an Admin or Organization operation's body accepts: `AdminBody<"members.remove">`. */
export type AdminBody<N extends AdminOperationName> = OperationBody<(typeof ADMIN_OPERATIONS)[N]>;
