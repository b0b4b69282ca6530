/**
 * The app build. In dev and preview the users API (the sandbox) is proxied under the same
 * origin, so the browser talks to one origin and the SSE stream needs no CORS.
 * API_PORT tells where the sandbox listens (default 4010).
 */
import { defineConfig } from "vite"
import react from "@vitejs/plugin-react"
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin"

const CSP = [
  "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data: blob:",
  "font-src 'self' data:", "connect-src 'self'", "worker-src 'self' blob:", "frame-src 'self' blob:", "object-src 'none'",
  "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"
].join("; ")
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? "4010"}`
const proxy = Object.fromEntries(
  ["/users", "/api-2", "/auth/session", "/zip", "/__admin"].map((p) => [p, { target: apiTarget, changeOrigin: false }])
)

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  worker: { format: "es" },
  server: { port: 5173, strictPort: false, proxy },
  // the built app runs under a content security policy: no inline or foreign script, no plugin,
  // not framed; styles may be inline (charts set style attributes); data:/blob: images (QR codes,
  // barcodes, downloads). Dev keeps Vite's own inline preamble, so it is set on preview only.
  preview: { port: 5173, strictPort: false, proxy, headers: { "content-security-policy": CSP } },
  build: {
    target: "es2022",
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    // the engine harness (harness/engine.html) is a second entry for the browser suite and benches
    rollupOptions: { input: { main: "index.html", harness: "harness/engine.html" } }
  }
})
