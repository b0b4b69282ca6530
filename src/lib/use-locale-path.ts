/**
 * Links keep the URL's language form (spec core §2: no prefix, /pt or /en): `useLocalePath()`
 * gives a function that puts an unprefixed path under the current prefix.
 */
import { useCallback } from "react"
import { useLocation } from "react-router"
import { splitLocalePath, withPrefix } from "./locale-path.ts"

export function useLocalePath(): (path: string) => string {
  const { pathname } = useLocation()
  const { prefix } = splitLocalePath(pathname)
  return useCallback((path: string) => withPrefix(path, prefix), [prefix])
}

/** The current path without its prefix. */
export function useBarePath(): string {
  return splitLocalePath(useLocation().pathname).rest
}
