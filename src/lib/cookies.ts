/**
 * The language cookie (spec core §2.4: "The cookie lasts 365 days"). Only the `lang` cookie is
 * written by the app; reading is generic.
 */
export const LANG_COOKIE = "lang"
export const LANG_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60

export function readCookie(name: string, cookieString: string = globalThis.document?.cookie ?? ""): string | null {
  for (const part of cookieString.split(";")) {
    const [k, ...v] = part.trim().split("=")
    if (k === name) {
      try {
        return decodeURIComponent(v.join("="))
      } catch {
        return null
      }
    }
  }
  return null
}

/** The cookie string that stores a value for `maxAgeS` seconds on the whole site. */
export function cookieString(name: string, value: string, maxAgeS: number): string {
  return `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeS}; Path=/; SameSite=Lax`
}

export function writeCookie(name: string, value: string, maxAgeS: number): void {
  if (globalThis.document) globalThis.document.cookie = cookieString(name, value, maxAgeS)
}
