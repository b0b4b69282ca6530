/**
 * Helpers of the sports-betting suite (spec features §2 sports betting; D-betting-operator): the
 * operator (Bruno's company, matrix wallet) signed in, in a context of its own; the report files it
 * sends; the sandbox's view of its stored files (how often each was assembled, its SHA-256) and of
 * its reports; the fault switches.
 */
import { createHash } from "node:crypto"
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test"
import { Sandbox } from "../pages/sandbox.ts"
import { signInToHome } from "../pages/sign-in.ts"

export const BETTING = "/sports-betting"
export const OPERATOR = "bruno@example.com"

export async function openBetting(
  browser: Browser,
  baseURL: string,
  query = ""
): Promise<{ context: BrowserContext; page: Page; walletId: string; sandbox: Sandbox }> {
  const sandbox = new Sandbox(baseURL)
  const walletId = await sandbox.walletId("brunoMatrix")
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  await context.addInitScript((id) => {
    if (localStorage.getItem("pref:walletToken") === null) localStorage.setItem("pref:walletToken", id)
  }, walletId)
  const page = await context.newPage()
  await signInToHome(page, OPERATOR, { query })
  return { context, page, walletId, sandbox }
}

/** A valid report of `bets` bets for `date` (docs/betting-report.md), padded to about `bytes`. */
export function reportXml(date: string, bytes: number): Buffer {
  const rows: string[] = []
  let size = 120
  for (let k = 1; size < bytes; k++) {
    const row = `  <aposta id="${k}" tipo="${k % 5 === 0 ? "virtual" : "esportiva"}" valorApostado="${(k * 37) % 50_000}" valorPremio="${(k * 11) % 9_000}" dataHora="${date}T12:00:00-03:00"/>`
    rows.push(row)
    size += row.length + 1
  }
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<relatorioApostas versao="1.0" data="${date}" cnpj="12345678000195">\n${rows.join("\n")}\n</relatorioApostas>\n`
  )
}

export const sha256 = (b: Buffer): string => createHash("sha256").update(b).digest("hex")

export interface SandboxFile {
  readonly id: string
  readonly name: string
  readonly state: string
  readonly sha256: string | null
  readonly size: number
  readonly assembled: number
}
export async function storedFiles(baseURL: string, walletId: string): Promise<ReadonlyArray<SandboxFile>> {
  const r = await fetch(`${baseURL}/__admin/storage-files?wallet_id=${encodeURIComponent(walletId)}`)
  expect(r.status).toBe(200)
  return ((await r.json()) as { data: SandboxFile[] }).data
}

export async function faults(baseURL: string, body: Record<string, unknown>): Promise<void> {
  const r = await fetch(`${baseURL}/__admin/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  expect(r.status).toBe(200)
}
export async function resetFaults(baseURL: string): Promise<void> {
  const r = await fetch(`${baseURL}/__admin/reset-faults`, { method: "POST" })
  expect(r.status).toBe(200)
}

/** São Paulo calendar day `n` days ago. */
export const spDay = (n: number): string => new Date(Date.now() - 3 * 3_600_000 - n * 86_400_000).toISOString().slice(0, 10)
