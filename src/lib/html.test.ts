/** src/lib/html.ts: escaping for confirmation dialogs (security: server text is never HTML). */
import { describe, expect, it } from "vitest"
import { Prng } from "../../sandbox/prng.ts"
import { escapeHtml } from "./html.ts"

describe("escapeHtml", () => {
  it("security: markup and quotes become text", () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe("&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;")
  })
  it("security: agrees with a naive per-character reference over generated strings", () => {
    const r = new Prng(11)
    const alphabet = `ab<>&"' çã€😀`
    const naive = (s: string) =>
      [...s].map((c) => (({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }) as Record<string, string>)[c] ?? c).join("")
    for (let i = 0; i < 500; i++) {
      const s = Array.from({ length: r.int(0, 30) }, () => [...alphabet][r.int(0, [...alphabet].length - 1)]).join("")
      expect(escapeHtml(s)).toBe(naive(s))
    }
  })
})
