/**
 * i18next with the messages of locales/{pt,en}/<namespace>.json (DESIGN "Conventions": every visible
 * text comes from locales/), loaded on demand (issue 33 item 5, D-lazy-messages): the shell's namespaces
 * of the page's language before the first paint, the rest of that language before a page renders (the
 * i18n route middleware awaits `applyLocale`), another language when it is chosen. The language comes from
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
import { NAMESPACES, SHELL_NAMESPACES, loadMessages, type Namespace } from "../../locales/index.ts"

export { NAMESPACES }

/** The language of this page load (URL prefix, cookie, browser, pt). */
export function initialLocale(): Locale {
  return detectLocale({
    pathname: globalThis.location?.pathname ?? "/",
    cookie: readCookie(LANG_COOKIE),
    browserLanguages: globalThis.navigator?.languages ?? []
  })
}

const loading = new Map<string, Promise<void>>()

/** One namespace of one language into i18next, once (a failed load, e.g. offline before the first install, is asked again next time). */
function loadNamespace(lng: Locale, ns: Namespace): Promise<void> {
  const key = `${lng}/${ns}`
  let p = loading.get(key)
  if (!p) {
    p = loadMessages(lng, ns).then((m) => {
      i18next.addResourceBundle(lng, ns, m, true, true)
    })
    p.catch(() => loading.delete(key))
    loading.set(key, p)
  }
  return p
}

/** The namespaces of `lng` (all unless told) loaded into i18next. */
export function loadLocale(lng: Locale, namespaces: ReadonlyArray<Namespace> = NAMESPACES): Promise<void> {
  return Promise.all(namespaces.map((ns) => loadNamespace(lng, ns))).then(() => undefined)
}

/**
 * i18next showing `lng`, resolved once the shell's namespaces of `lng` are loaded (what the first paint needs); the
 * rest of the language starts loading at once and is awaited by `applyLocale` before a page renders.
 */
export function initI18n(lng: Locale): Promise<typeof i18next> {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: {},
      partialBundledLanguages: true,
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
  const shell = loadLocale(lng, SHELL_NAMESPACES)
  void loadLocale(lng).catch(() => undefined)
  return shell.then(() => i18next)
}

export const currentLocale = (): Locale => (i18next.language === "en" ? "en" : "pt")

function setDocumentLang(l: Locale): void {
  if (!globalThis.document) return
  globalThis.document.documentElement.lang = l === "en" ? "en-US" : "pt-BR"
  // issue 31 item 3: the manifest of the language on screen (an install from an English page is in English)
  globalThis.document.querySelector('link[rel="manifest"]')?.setAttribute("href", manifestHref(l))
}

/**
 * Show the app in a language (from the URL prefix or a choice); the engine sends its header. Resolves once every
 * namespace of the language is loaded and shown (a page rendered after it never shows a key for a message).
 */
export async function applyLocale(l: Locale): Promise<void> {
  setDocumentLang(l)
  getEngine().setLocale(l)
  await loadLocale(l)
  if (i18next.language !== l) await i18next.changeLanguage(l)
}

/** The user chose a language (core §2.4 language modal): remember it for 365 days. */
export function chooseLocale(l: Locale): Promise<void> {
  writeCookie(LANG_COOKIE, l, LANG_COOKIE_MAX_AGE_S)
  return applyLocale(l)
}
