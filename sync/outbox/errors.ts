/**
 * The outbox's own tagged failures, in a module of their own (no pipeline, no store) so the worker boundary's
 * declaration (sync/requests.ts) can name them as a request's failures without loading the outbox
 * (docs/decisions.md D-worker-boundary). Re-exported where they were (outbox.ts, ports.ts).
 */
import { Schema } from "effect"

/** A store operation failed (RxDB, IndexedDB); the adapter wraps its promises into this. */
export class OutboxStoreError extends Schema.TaggedError<OutboxStoreError>()("OutboxStoreError", {
  message: Schema.String
}) {}
export class InvalidCommand extends Schema.TaggedError<InvalidCommand>()("InvalidCommand", { message: Schema.String }) {}
export class UnknownCommand extends Schema.TaggedError<UnknownCommand>()("UnknownCommand", { commandId: Schema.String }) {}
/** A command whose send has started may have landed: it is not cancellable (CN1). */
export class NotCancellable extends Schema.TaggedError<NotCancellable>()("NotCancellable", { commandId: Schema.String, state: Schema.String }) {}
/** Only `failed` commands may be retried; rejected and cancelled ones are final (RT6). */
export class NotRetryable extends Schema.TaggedError<NotRetryable>()("NotRetryable", {
  commandId: Schema.String,
  state: Schema.String
}) {}
