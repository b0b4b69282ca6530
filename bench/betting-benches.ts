/**
 * `report-upload-50mb` (issue 17; DESIGN "Uploads are commands too"): a 50 MB betting report sent
 * through the sending-report page of the built app (a real Chromium, the app's own worker and
 * outbox) to the sandbox. Figures: the throughput of a clean upload (MB/s, from the upload row's
 * appearance to its command confirmed, so the in-browser XML check is not counted), the in-browser
 * check before any byte is sent, and the resume overhead of a second upload whose part PUTs are
 * cut at 40 % and whose tab is reloaded (its time minus the outage minus the clean time), with the
 * sandbox's check that each report was stored once and byte-identical.
 */
import { mkdtempSync, writeFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Page } from "@playwright/test"
import { launch, report, startApp } from "./lib.ts"
import { BETTING, faults, openBetting, reportXml, resetFaults, sha256, spDay, storedFiles } from "../tests/e2e/betting/betting-pages.ts"

const MB = 1024 * 1024
const OUTAGE_MS = 3000

const row = (page: Page) => page.getByTestId("upload-row").first()
const pctOf = async (page: Page): Promise<number> => Number(await page.getByTestId("upload-progress").first().getAttribute("data-pct"))
async function waitFor(cond: () => Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const until = Date.now() + limitMs
  while (!(await cond().catch(() => false))) {
    if (Date.now() > until) throw new Error(`report-upload-50mb: timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

export async function reportUpload50mb(): Promise<void> {
  const app = await startApp("small", { fresh: true, appPort: 5397, apiPort: 4397 })
  const browser = await launch()
  const dir = mkdtempSync(join(tmpdir(), "report-bench-"))
  try {
    const { context, page, walletId } = await openBetting(browser, app.url)
    const send = async (date: string): Promise<{ path: string; bytes: Buffer; clickedAt: number }> => {
      const bytes = reportXml(date, 50 * MB)
      const path = join(dir, `relatorio-${date}-bench.xml`)
      writeFileSync(path, bytes)
      await page.goto(`${BETTING}/sending-report`)
      await page.getByTestId("report-date").fill(date)
      await page.getByTestId("report-file").setInputFiles(path)
      await page.getByText("Aceito os termos de uso").click()
      const clickedAt = Date.now()
      await page.getByTestId("report-send").click()
      return { path, bytes, clickedAt }
    }
    const confirmed = async (): Promise<boolean> => (await row(page).getAttribute("data-state")) === "confirmed"

    // 1. a clean upload
    const clean = await send(spDay(1))
    await waitFor(async () => (await row(page).count()) > 0, 120_000, "the upload to start")
    const startedAt = Date.now()
    await waitFor(confirmed, 600_000, "the clean upload")
    const cleanMs = Date.now() - startedAt
    const checkMs = startedAt - clean.clickedAt

    // 2. cut at 40 %, reload, the network back after the outage
    const cut = await send(spDay(2))
    await waitFor(async () => (await row(page).count()) > 0, 120_000, "the second upload to start")
    const cutStartedAt = Date.now()
    await waitFor(async () => (await pctOf(page)) >= 40, 600_000, "40 %")
    await faults(app.url, { error_rate: { "/users/v2/storage/parts": 1 } })
    await page.reload()
    await new Promise((r) => setTimeout(r, OUTAGE_MS))
    await resetFaults(app.url)
    await waitFor(async () => (await row(page).count()) > 0 && (await confirmed()), 600_000, "the resumed upload")
    const cutMs = Date.now() - cutStartedAt

    // each report once on the sandbox, the same bytes
    const files = await storedFiles(app.url, walletId)
    const once = [clean, cut].every((u) => {
      const mine = files.filter((f) => f.name === u.path.split("/").pop())
      return mine.length === 1 && mine[0]?.assembled === 1 && mine[0]?.sha256 === sha256(u.bytes)
    })
    await context.close()
    const r1 = (x: number) => Math.round(x * 10) / 10
    report({
      name: "report-upload-50mb",
      figures: {
        mb_per_s: r1(50 / (cleanMs / 1000)),
        upload_s: r1(cleanMs / 1000),
        check_before_send_s: r1(checkMs / 1000),
        resumed_upload_s: r1(cutMs / 1000),
        resume_overhead_s: r1((cutMs - OUTAGE_MS - cleanMs) / 1000),
        stored_once: once ? 1 : 0
      },
      budgets: { once: { figure: "stored_once", limit: 1, kind: "min" } }
    })
  } finally {
    rmSync(dir, { recursive: true, force: true })
    await resetFaults(app.url).catch(() => undefined)
    await browser.close()
    app.stop()
  }
}
