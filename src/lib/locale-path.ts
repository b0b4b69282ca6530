/**
 * Locale prefixes of the URL (spec core §2: every route exists without prefix, with /pt and
 * with /en). Pure helpers shared by the router, the guards and the links of every view.
 */
export type Locale = "pt" | "en"
export const LOCALES: ReadonlyArray<Locale> = ["pt", "en"]

export interface LocalePath {
  /** The prefix the URL carries, or null for the unprefixed (Portuguese default) form. */
  readonly prefix: Locale | null
  /** The path without its prefix, always starting with "/". */
  readonly rest: string
}

export const isLocale = (s: unknown): s is Locale => s === "pt" || s === "en"

/** "/en/banking/home" → { prefix: "en", rest: "/banking/home" }; "/" → { prefix: null, rest: "/" }. */
export function splitLocalePath(pathname: string): LocalePath {
  const m = /^\/(pt|en)(?=\/|$)(.*)$/.exec(pathname)
  if (!m) return { prefix: null, rest: pathname === "" ? "/" : pathname }
  const rest = m[2] ?? ""
  return { prefix: m[1] as Locale, rest: rest === "" ? "/" : rest }
}

/** Put a path (given without prefix) under a prefix: ("/banking/home", "en") → "/en/banking/home". */
export function withPrefix(path: string, prefix: Locale | null): string {
  const p = path.startsWith("/") ? path : `/${path}`
  if (prefix === null) return p
  return p === "/" ? `/${prefix}` : `/${prefix}${p}`
}

/** The same page in another prefix form, keeping search and hash. */
export function switchPrefix(pathname: string, prefix: Locale | null): string {
  return withPrefix(splitLocalePath(pathname).rest, prefix)
}
