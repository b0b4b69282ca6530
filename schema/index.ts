/** The one source of truth for shapes: import from here in the client, the worker and the sandbox. */
export * from "./common.ts"
export * from "./entities.ts"
export * from "./errors.ts"
export * from "./permissions.ts"
export * from "./api.ts"
export * from "./stream.ts"
export * from "./commands.ts"
