/**
 * The app's entry: reads the session-clock override (core §4, for tests), picks the language
 * (core §2.4 order), starts the engine worker with the API base (same origin by default; set
 * VITE_API_BASE to point elsewhere), registers the service worker (offline, src/lib/pwa.ts),
 * applies the light or dark theme, and renders the router.
 */
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { RouterProvider } from "react-router/dom"
import { getEngine } from "../workers/client.ts"
import { createAppRouter } from "./app/router.tsx"
import { initI18n, initialLocale } from "./lib/i18n.ts"
import { captureSessionOverride } from "./lib/session.ts"
import { registerServiceWorker } from "./lib/pwa.ts"
import { darkTheme, lightTheme } from "./ui/theme.css.ts"
import "./ui/keyframes.css.ts"

captureSessionOverride()
const locale = initialLocale()
const messages = initI18n(locale)
getEngine((import.meta.env["VITE_API_BASE"] as string | undefined) ?? globalThis.location.origin, locale)
registerServiceWorker()

const dark = globalThis.matchMedia?.("(prefers-color-scheme: dark)")
const applyTheme = (): void => {
  const root = document.documentElement
  root.classList.remove(lightTheme, darkTheme)
  root.classList.add(dark?.matches ? darkTheme : lightTheme)
  root.style.colorScheme = dark?.matches ? "dark" : "light"
}
applyTheme()
dark?.addEventListener("change", applyTheme)

// the first paint waits for the shell's messages of the page's language (their chunks, D-lazy-messages)
const el = document.getElementById("root")
const render = (): void => {
  if (el)
    createRoot(el).render(
      <StrictMode>
        <RouterProvider router={createAppRouter()} />
      </StrictMode>
    )
}
void messages.then(render, render)
