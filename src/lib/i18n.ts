/**
 * i18next with every message bundled from locales/{pt,en}/<namespace>.json (DESIGN
 * "Conventions": every visible text comes from locales/). The language comes from
 * detect-locale.ts (spec core §2.4 order); choosing one stores the 365-day cookie, tells the
 * engine (language header of core §7) and sets <html lang> and the manifest link.
 */
import i18next from "i18next"
import { initReactI18next } from "react-i18next"
import { getEngine } from "../../workers/client.ts"
import { LANG_COOKIE, LANG_COOKIE_MAX_AGE_S, readCookie, writeCookie } from "./cookies.ts"
import { detectLocale } from "./detect-locale.ts"
import { manifestHref } from "./manifest-href.ts"
import type { Locale } from "./locale-path.ts"
import { NAMESPACES, resources } from "../../locales/index.ts"

export { NAMESPACES, resources }

/** The language of this page load (URL prefix, cookie, browser, pt). */
export function initialLocale(): Locale {
  return detectLocale({
    pathname: globalThis.location?.pathname ?? "/",
    cookie: readCookie(LANG_COOKIE),
    browserLanguages: globalThis.navigator?.languages ?? []
  })
}

export function initI18n(lng: Locale): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources,
      lng,
      fallbackLng: "pt",
      supportedLngs: ["pt", "en"],
      ns: [...NAMESPACES],
      defaultNS: "common",
      interpolation: { escapeValue: false },
      initAsync: false,
      returnNull: false,
      showSupportNotice: false
    })
  }
  setDocumentLang(lng)
  return i18next
}

export const currentLocale = (): Locale => (i18next.language === "en" ? "en" : "pt")

function setDocumentLang(l: Locale): void {
  if (!globalThis.document) return
  globalThis.document.documentElement.lang = l === "en" ? "en-US" : "pt-BR"
  // issue 31 item 3: the manifest of the language on screen (an install from an English page is in English)
  globalThis.document.querySelector('link[rel="manifest"]')?.setAttribute("href", manifestHref(l))
}

/** Show the app in a language (from the URL prefix or a choice); the engine sends its header. */
export function applyLocale(l: Locale): void {
  if (i18next.language !== l) void i18next.changeLanguage(l)
  setDocumentLang(l)
  getEngine().setLocale(l)
}

/** The user chose a language (core §2.4 language modal): remember it for 365 days. */
export function chooseLocale(l: Locale): void {
  writeCookie(LANG_COOKIE, l, LANG_COOKIE_MAX_AGE_S)
  applyLocale(l)
}
