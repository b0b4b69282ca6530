/**
 * From a failed call to a message key of the error catalogue (spec core §8). Calls through the
 * engine reject with an EngineError carrying `.key`; anything else is UNKNOWN_ERROR.
 */
import { EngineError } from "../../workers/client.ts"
import { ERROR_KEYS } from "../../schema/error-keys.ts"

const KNOWN = new Set<string>(ERROR_KEYS)

export function errorKeyOf(e: unknown): string {
  if (e instanceof EngineError) return KNOWN.has(e.key) ? e.key : "UNKNOWN_ERROR"
  if (e !== null && typeof e === "object" && "key" in e && typeof (e as { key: unknown }).key === "string") {
    const k = (e as { key: string }).key
    return KNOWN.has(k) ? k : "UNKNOWN_ERROR"
  }
  return "UNKNOWN_ERROR"
}

export function isNetworkError(e: unknown): boolean {
  return e instanceof EngineError && e.tag === "NetworkError"
}

/** The i18n key (errors namespace) for a failure. */
export const errorI18nKey = (e: unknown): string => `errors:${errorKeyOf(e)}`
