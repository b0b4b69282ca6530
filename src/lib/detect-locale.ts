/**
 * The language choice order of spec core §2.4: URL prefix, then the language cookie, then the
 * browser language, then pt. Pure, so the order is unit-tested (detect-locale.test.ts).
 */
import { isLocale, splitLocalePath, type Locale } from "./locale-path.ts"

export interface LocaleSources {
  readonly pathname: string
  readonly cookie: string | null
  readonly browserLanguages: ReadonlyArray<string>
}

/** "en-US" → "en", "pt-BR" → "pt", anything else → null. */
export function localeOfTag(tag: string): Locale | null {
  const base = tag.toLowerCase().split(/[-_]/)[0]
  return isLocale(base) ? base : null
}

export function detectLocale(src: LocaleSources): Locale {
  const { prefix } = splitLocalePath(src.pathname)
  if (prefix) return prefix
  if (src.cookie !== null && isLocale(src.cookie)) return src.cookie
  for (const tag of src.browserLanguages) {
    const l = localeOfTag(tag)
    if (l) return l
  }
  return "pt"
}
