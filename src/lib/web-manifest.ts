/**
 * The web app manifest in each language (issue 31 item 3 "the manifest in both languages";
 * docs/decisions.md D-locale-input). The build writes `/manifest.webmanifest` (pt, the default) and
 * `/manifest-en.webmanifest` from this one description; the page's `<link rel="manifest">` points
 * to the manifest of the language on screen (src/lib/i18n.ts), so an install from an English page
 * is named in English and opens at `/en/`. One `id` for both: it is the same app in either language.
 * Names and description come from locales/<lng>/common.json `manifest` (read at build time only).
 */
import ptCommon from "../../locales/pt/common.json" with { type: "json" }
import enCommon from "../../locales/en/common.json" with { type: "json" }
import type { ManifestLocale } from "./manifest-href.ts"

export { MANIFEST_FILE, manifestHref, type ManifestLocale } from "./manifest-href.ts"

const TEXTS: Record<ManifestLocale, { readonly name: string; readonly shortName: string; readonly description: string }> = {
  pt: ptCommon.manifest,
  en: enCommon.manifest
}

export function webManifest(l: ManifestLocale) {
  const tx = TEXTS[l]
  return {
    id: "/",
    name: tx.name,
    short_name: tx.shortName,
    description: tx.description,
    lang: l === "en" ? "en-US" : "pt-BR",
    start_url: l === "en" ? "/en/" : "/",
    scope: "/",
    display: "standalone" as const,
    background_color: "#f4f6f8",
    theme_color: "#0a6b4f",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }
    ]
  }
}
