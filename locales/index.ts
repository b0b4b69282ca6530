/**
 * Every message of the app (DESIGN "Conventions": every visible text comes from locales/): one JSON file per
 * namespace and language, both languages with the same keys (src/lib/locales.test.ts). The app loads them on
 * demand (issue 33 item 5, decisions D-lazy-messages): each namespace of each language is its own chunk, so the
 * first page carries neither the other language nor the areas' messages; src/lib/i18n.ts loads the shell's
 * namespaces before the first paint and the rest of the language before a page renders.
 */
import { NAMESPACES, SHELL_NAMESPACES, LANGUAGES, type Language, type Namespace } from "./namespaces.ts"

export { NAMESPACES, SHELL_NAMESPACES, LANGUAGES, type Language, type Namespace }

const loaders = import.meta.glob<Record<string, unknown>>("./*/*.json", { import: "default" })

/** One namespace of one language (its own chunk; a failed load rejects and may be asked again). */
export function loadMessages(lng: Language, ns: Namespace): Promise<Record<string, unknown>> {
  const load = loaders[`./${lng}/${ns}.json`]
  return load ? load() : Promise.reject(new Error(`no messages ${lng}/${ns}`))
}
