/**
 * The app build. In dev and preview the users API (the sandbox) is proxied under the same
 * origin, so the browser talks to one origin and the SSE stream needs no CORS.
 * API_PORT tells where the sandbox listens (default 4010).
 */
import { defineConfig, type Plugin } from "vite"
import react from "@vitejs/plugin-react"
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"
import { VitePWA } from "vite-plugin-pwa"
import { MANIFEST_FILE, webManifest } from "./src/lib/web-manifest.ts"

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'"
].join("; ")
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "4010"}`
const proxy = Object.fromEntries(["/users", "/api-2", "/auth/session", "/zip", "/__admin"].map((p) => [p, { target: apiTarget, changeOrigin: false }]))

/**
 * What the served app keeps to itself (issue 30; docs/decisions.md D-sandbox-trust): no source map is served (the build
 * writes them "hidden", for debugging, unreferenced; a request for any `.map` is 404 all the same), and the engine harness
 * page (`/harness/…`, a second entry for the browser suite and the benchmarks) only when asked: `SERVE_HARNESS=1`, which
 * `scripts/serve.mjs --harness` sets (the e2e workers and the benchmarks pass it). Exported for its test.
 */
export const previewGuard = (serveHarness: () => boolean = () => process.env.SERVE_HARNESS === "1"): Plugin => ({
  name: "preview-guard",
  configurePreviewServer(server) {
    server.middlewares.use((req, res, next) => {
      const raw = (req.url ?? "/").split(/[?#]/)[0] ?? "/"
      let path = raw
      try {
        path = decodeURIComponent(raw)
      } catch {
        /* kept as sent */
      }
      if (/\.map$/i.test(path) || (!serveHarness() && /^\/+harness(\/|$)/i.test(path))) {
        res.statusCode = 404
        res.setHeader("content-type", "text/plain; charset=utf-8")
        res.end("Not found")
        return
      }
      next()
    })
  }
})

/**
 * Offline (issue 18; docs/decisions.md D-offline): a Workbox service worker made at build time
 * precaches the shell and every lazy area, so a reload or a new tab opens with no network and
 * shows the local data; SPA routes fall back to the precached index.html. The users API, the
 * stream, the admin routes and the bench/harness pages are never cached nor served by it. A new
 * build waits for the user ("update available") instead of running beside an old one.
 */
/** issue 31 item 3: the manifest in English beside the Portuguese one (precached with it: globPatterns has webmanifest). */
function englishManifest(): Plugin {
  return {
    name: "carteira-english-manifest",
    apply: "build",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: MANIFEST_FILE.en, source: `${JSON.stringify(webManifest("en"))}\n` })
    }
  }
}

const pwa = VitePWA({
  registerType: "prompt",
  injectRegister: false,
  includeAssets: ["favicon.svg", "icon-192.png", "icon-512.png"],
  // pt here; the English one is written beside it by englishManifest() (src/lib/web-manifest.ts, D-locale-input)
  manifest: webManifest("pt"),
  workbox: {
    globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
    globIgnores: ["harness/**", "**/*.map"],
    maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    navigateFallback: "/index.html",
    navigateFallbackDenylist: [/^\/users/, /^\/api-2/, /^\/auth\/session/, /^\/zip/, /^\/__admin/, /^\/health/, /^\/harness/, /^\/bench/],
    cleanupOutdatedCaches: true,
    // the first install takes the open tab at once (D-offline): a first visit that goes offline without a reload
    // still reloads from the precache. An update still waits for the user (prompt: no skipWaiting).
    clientsClaim: true,
    // no runtime caching: every API call goes to the network (the engine keeps the data, not the service worker)
    runtimeCaching: []
  },
  devOptions: { enabled: false }
})

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), englishManifest(), pwa, previewGuard()],
  worker: { format: "es" },
  server: { port: 5173, strictPort: false, proxy },
  // the built app runs under a content security policy: no inline or foreign script, no plugin,
  // not framed; styles may be inline (charts set style attributes); data:/blob: images (QR codes,
  // barcodes, downloads). Dev keeps Vite's own inline preamble, so it is set on preview only.
  // issue 30: never sniffed, and the referrer cut to the origin when it leaves the app
  preview: {
    port: 5173,
    strictPort: false,
    proxy,
    headers: { "content-security-policy": CSP, "x-content-type-options": "nosniff", "referrer-policy": "strict-origin-when-cross-origin" }
  },
  build: {
    target: "es2022",
    // issue 30: maps written for debugging but not referenced from the code, and never served (previewGuard)
    sourcemap: "hidden",
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: which chunk holds which source (the shell-bundle bench counts the first page's messages by it)
    manifest: true,
    // the engine harness (harness/engine.html) is a second entry for the browser suite and benches
    rollupOptions: { input: { main: "index.html", harness: "harness/engine.html" } }
  }
})
