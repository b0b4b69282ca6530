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

/** The upload row of one file (by its name: the list also shows the earlier, confirmed upload, newest first). */
const row = (page: Page, name: string) => page.getByTestId("upload-row").filter({ has: page.getByText(name, { exact: true }) })
const pctOf = async (page: Page, name: string): Promise<number> => Number(await row(page, name).getByTestId("upload-progress").getAttribute("data-pct"))
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
    const send = async (date: string): Promise<{ name: string; bytes: Buffer; clickedAt: number }> => {
      const bytes = reportXml(date, 50 * MB)
      const name = `relatorio-${date}-bench.xml`
      const path = join(dir, name)
      writeFileSync(path, bytes)
      await page.goto(`${BETTING}/sending-report`)
      await page.getByTestId("report-date").fill(date)
      await page.getByTestId("report-file").setInputFiles(path)
      await page.getByText("Aceito os termos de uso").click()
      const clickedAt = Date.now()
      await page.getByTestId("report-send").click()
      return { name, bytes, clickedAt }
    }
    const started = async (name: string): Promise<boolean> => (await row(page, name).count()) === 1
    const confirmed = async (name: string): Promise<boolean> => (await row(page, name).getAttribute("data-state")) === "confirmed"

    // 1. a clean upload
    const clean = await send(spDay(1))
    await waitFor(() => started(clean.name), 120_000, "the upload to start")
    const startedAt = Date.now()
    await waitFor(() => confirmed(clean.name), 600_000, "the clean upload")
    const cleanMs = Date.now() - startedAt
    const checkMs = startedAt - clean.clickedAt

    // 2. cut at 40 %, reload, the network back after the outage
    const cut = await send(spDay(2))
    await waitFor(() => started(cut.name), 120_000, "the second upload to start")
    const cutStartedAt = Date.now()
    await waitFor(async () => (await pctOf(page, cut.name)) >= 40, 600_000, "40 %")
    await faults(app.url, { error_rate: { "/users/v2/storage/parts": 1 } })
    await page.reload()
    await new Promise((r) => setTimeout(r, OUTAGE_MS))
    await resetFaults(app.url)
    await waitFor(() => confirmed(cut.name), 600_000, "the resumed upload")
    const cutMs = Date.now() - cutStartedAt

    // each report once on the sandbox, the same bytes
    const files = await storedFiles(app.url, walletId)
    const once = [clean, cut].every((u) => {
      const mine = files.filter((f) => f.name === u.name)
      const ok = mine.length === 1 && mine[0]?.assembled === 1 && mine[0]?.sha256 === sha256(u.bytes)
      if (!ok)
        console.error(
          `report-upload-50mb: ${u.name} stored ${mine.length}×: ${JSON.stringify(mine.map((f) => ({ state: f.state, size: f.size, assembled: f.assembled, same_bytes: f.sha256 === sha256(u.bytes) })))}`
        )
      return ok
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
