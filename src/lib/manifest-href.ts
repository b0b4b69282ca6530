/**
 * Where each language's web app manifest is served (issue 31 item 3, D-locale-input). Apart from
 * src/lib/web-manifest.ts so that the page (src/lib/i18n.ts) points its `<link rel="manifest">` at
 * the language on screen without bundling the manifests' texts.
 */
export type ManifestLocale = "pt" | "en"

export const MANIFEST_FILE: Record<ManifestLocale, string> = { pt: "manifest.webmanifest", en: "manifest-en.webmanifest" }

/** The href of the language's manifest, for `<link rel="manifest">`. */
export const manifestHref = (l: ManifestLocale): string => `/${MANIFEST_FILE[l]}`
