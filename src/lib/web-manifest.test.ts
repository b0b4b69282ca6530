/**
 * The web app manifest in both languages (issue 31 item 3, D-locale-input): one description,
 * two manifests — the same app (id, scope, icons, colours), named and described in each language,
 * the English one opening at /en/.
 */
import { describe, expect, it } from "vitest"
import { MANIFEST_FILE, manifestHref, webManifest } from "./web-manifest.ts"

describe("issue 31 item 3 web app manifest in pt and en", () => {
  it("issue 31 item 3 pt and en manifests are the same app, in their own language, at their own files", () => {
    const pt = webManifest("pt")
    const en = webManifest("en")
    expect(pt).toMatchObject({ lang: "pt-BR", start_url: "/", name: "Carteira — banco digital" })
    expect(en).toMatchObject({ lang: "en-US", start_url: "/en/", name: "Carteira — digital bank" })
    expect(en.description).toMatch(/even offline/)
    for (const k of ["id", "scope", "icons", "display", "theme_color", "background_color", "short_name"] as const) expect(en[k]).toEqual(pt[k])
    expect(manifestHref("pt")).toBe("/manifest.webmanifest") // the name vite-plugin-pwa writes and links
    expect(manifestHref("en")).toBe(`/${MANIFEST_FILE.en}`)
  })
})
