/**
 * /banking/statements against the sandbox (issue 5 "What it must show"; features §2, §5, §7,
 * §9; core §9 date presets): filters by text and date answered locally and checked against the
 * users API with the same filters; two wallets combined, compared side by side; the local CSV
 * export of exactly the filtered rows; the server export job with its progress; a receipt
 * generated, polled, downloaded as a PDF and printed.
 */
import { readFileSync } from "node:fs"
import { expect, test, saveShot } from "../fixtures.ts"
import { apiStatement, ledger, seed, spDate, StatementsPage, totalsOf } from "./pages.ts"
import { pdfText } from "../../support/pdf-text.ts"

const DAY = 86_400_000

test("features §2/§5: filtering by text and by date shows the matching rows and their totals", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  const st = new StatementsPage(page)
  await st.openFromMenu()
  const { wallets } = await seed(page)
  const main = wallets["anaMain"] as string

  // text: description, counterparty or document, answered by the worker (no debounce)
  await st.text.fill("Spotify")
  const api = (await apiStatement(page, main, { search: "Spotify" })).filter((r) => r.currency_symbol === "BRL")
  expect(api.length).toBeGreaterThan(0)
  const want = totalsOf(api)
  await expect(st.count).toHaveAttribute("data-value", String(want.count))
  expect(await st.sum("in")).toBe(want.sumIn)
  expect(await st.sum("out")).toBe(want.sumOut)
  expect(await st.sum("net")).toBe(want.sumIn - want.sumOut)
  await expect(st.rows.first()).toBeVisible()
  for (const text of await st.rows.allInnerTexts()) expect(text.toLowerCase()).toContain("spotify")

  // text + a custom range (UTC-3 days, both included)
  const start = spDate(Date.now() - 30 * DAY)
  const end = spDate(Date.now() - 5 * DAY)
  await st.customRange(start, end)
  const ranged = totalsOf((await apiStatement(page, main, { search: "Spotify", start_date: start, end_date: end })).filter((r) => r.currency_symbol === "BRL"))
  await expect(st.count).toHaveAttribute("data-value", String(ranged.count))
  expect(await st.sum("out")).toBe(ranged.sumOut)
  // the chart follows the filter once typing pauses: then it is current and covers the range's days
  const chart = page.getByTestId("statement-chart-card")
  await expect(chart).toHaveAttribute("data-state", "ready", { timeout: 10_000 })
  const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY) + 1
  await expect(chart.getByTestId("statement-chart")).toHaveAttribute("data-points", String(days))
  await saveShot(page, `statements-filtered-pt.png`, { fullPage: true })

  // features §5: start must not be after end; what was typed stays
  await st.start.fill(end)
  await st.end.fill(start)
  await expect(page.getByText("A data inicial deve ser anterior à final")).toBeVisible()
  await expect(st.start).toHaveValue(end)

  // a preset of core §9: today, in São Paulo time
  await st.text.fill("")
  await st.preset.selectOption("sevenDays")
  const seven = totalsOf(
    (await apiStatement(page, main, { start_date: spDate(Date.now() - 6 * DAY), end_date: spDate(Date.now()) })).filter((r) => r.currency_symbol === "BRL")
  )
  await expect(st.count).toHaveAttribute("data-value", String(seven.count))

  // grouping by day: a header per day with the day's count
  await page.getByLabel("Agrupar por dia").check()
  await expect(page.getByTestId("statement-group-row").first()).toBeVisible()
})

test("issue 5: two wallets combined, compared side by side, and the table scrolls through all rows", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  const st = new StatementsPage(page)
  await st.openFromMenu()
  const { wallets } = await seed(page)
  const main = wallets["anaMain"] as string
  const reserve = wallets["anaReserve"] as string
  await st.currency.selectOption("") // every currency: the counts are the wallets' whole statements
  const lm = await ledger(page, main)
  await expect(st.count).toHaveAttribute("data-value", String(lm.statement_rows))
  await st.wallet("Reserva").check()
  const lr = await ledger(page, reserve)
  await expect(st.count).toHaveAttribute("data-value", String(lm.statement_rows + lr.statement_rows))
  const panel = page.getByTestId("analysis-panel")
  await expect(panel).toBeVisible()
  await expect(panel.locator(`[data-wallet-id="${main}"]`)).toHaveAttribute("data-count", String(lm.statement_rows))
  await expect(panel.locator(`[data-wallet-id="${reserve}"]`)).toHaveAttribute("data-count", String(lr.statement_rows))
  await expect(page.getByTestId("analysis-types").locator("tbody tr").first()).toBeVisible()
  await expect(page.getByTestId("analysis-counterparties").locator("tbody tr").first()).toBeVisible()
  await expect(st.table.getByRole("columnheader", { name: "Carteira" })).toBeVisible()
  await saveShot(page, `statements-two-wallets-pt.png`, { fullPage: true })
  // a row of the second wallet is in the combined table, named by its wallet (found by its id: other suites
  // add newer rows to the main wallet, so the reserve's rows need not be among the first ones painted)
  const reserveRow = (await apiStatement(page, reserve, {}))[0]
  expect(reserveRow).toBeDefined()
  await st.text.fill(reserveRow?.id ?? "")
  await expect(st.rows.filter({ hasText: "Reserva" }).first()).toBeVisible()
  await st.text.fill("")
  await expect(st.count).toHaveAttribute("data-value", String(lm.statement_rows + lr.statement_rows))

  // the virtualised table reaches the oldest row: sorted ascending it is the first, scrolled to the end it is the last
  // after each sort, wait for that sort's answer: until it is in, the table keeps the last one (stale)
  const dateHeader = st.table.locator('[role="columnheader"]').first()
  await page.getByTestId("sort-created_at").click() // → ascending
  await expect(dateHeader).toHaveAttribute("aria-sort", "ascending")
  await expect(st.table).toHaveAttribute("data-state", "ready")
  const oldest = await st.rows.first().getAttribute("data-id")
  await page.getByTestId("sort-created_at").click() // → descending
  await expect(dateHeader).toHaveAttribute("aria-sort", "descending")
  await expect(st.table).toHaveAttribute("data-state", "ready")
  const scroller = page.getByTestId("statement-scroller")
  await scroller.evaluate((el) => {
    el.scrollTop = el.scrollHeight
  })
  await expect(st.rows.last()).toHaveAttribute("data-id", oldest ?? "", { timeout: 10_000 })

  // unchecking leaves one wallet: no comparison
  await st.wallet("Reserva").uncheck()
  await expect(panel).toHaveCount(0)
})

test("issue 5: the local CSV export holds exactly the filtered rows, as the sandbox has them", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  const st = new StatementsPage(page)
  await st.openFromMenu()
  const { wallets } = await seed(page)
  const main = wallets["anaMain"] as string
  await st.type.selectOption("PIX_OUT")
  const start = spDate(Date.now() - 40 * DAY)
  const end = spDate(Date.now() - 10 * DAY)
  await st.customRange(start, end)
  const api = await apiStatement(page, main, { type: "PIX_OUT", start_date: start, end_date: end })
  await expect(st.count).toHaveAttribute("data-value", String(api.length))

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()])
  expect(download.suggestedFilename()).toMatch(/^extrato-\d{4}-\d{2}-\d{2}\.csv$/)
  const file = await download.path()
  const text = readFileSync(file, "utf8")
  expect(text.charCodeAt(0)).toBe(0xfeff) // Excel reads UTF-8 with a BOM
  const lines = text
    .slice(1)
    .split("\r\n")
    .filter((l) => l !== "")
  const header = (lines[0] ?? "").split(";")
  expect(header).toContain("Descrição")
  const idCol = header.indexOf("ID")
  const typeCol = header.indexOf("Tipo")
  const ids = lines.slice(1).map((l) => l.split(";")[idCol])
  expect(ids.length).toBe(api.length)
  expect(new Set(ids)).toEqual(new Set(api.map((r) => r.id)))
  for (const l of lines.slice(1)) expect(l.split(";")[typeCol]).toBe("PIX_OUT")

  // OFX of the same rows
  const [ofx] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-ofx").click()])
  const ofxText = readFileSync(await ofx.path(), "utf8")
  expect(ofxText).toContain("<OFX>")
})

test("features §5/§7/§9: a server export checks the same-month rule, then completes with progress", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  const st = new StatementsPage(page)
  await st.open("?poll_ms=500")
  await page.getByTestId("export-server").click()
  const dialog = page.getByTestId("server-export-dialog")
  await expect(dialog).toBeVisible()
  const today = spDate(Date.now())
  const monthStart = `${today.slice(0, 8)}01`
  const lastMonth = spDate(Date.parse(`${monthStart}T12:00:00Z`) - 5 * DAY)
  // across two months: refused before anything is sent
  await dialog.getByTestId("server-export-start").fill(lastMonth)
  await dialog.getByTestId("server-export-end").fill(today)
  await dialog.getByTestId("server-export-submit").click()
  await expect(dialog.getByTestId("server-export-error")).toHaveText("O período deve estar dentro do mesmo mês.")
  await expect(page.getByTestId("export-job")).toHaveCount(0)

  // every progress the screen shows while the job runs, recorded in the page
  await page.evaluate(() => {
    const w = window as unknown as { __progress: string[] }
    w.__progress = []
    new MutationObserver(() => {
      const j = document.querySelector("[data-testid=export-job]")
      const v = `${j?.getAttribute("data-status") ?? ""}:${j?.getAttribute("data-progress") ?? ""}`
      if (j && w.__progress[w.__progress.length - 1] !== v) w.__progress.push(v)
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-status", "data-progress"] })
  })
  await dialog.getByTestId("server-export-start").fill(monthStart)
  await dialog.getByTestId("server-export-submit").click()
  await expect(dialog).toBeHidden()
  const job = page.getByTestId("export-job").first()
  await expect(job).toHaveAttribute("data-status", "completed", { timeout: 20_000 })
  const seen = await page.evaluate(() => (window as unknown as { __progress: string[] }).__progress)
  expect(seen[0]).toBe("in_progress:0")
  // polled every poll_ms: the progress moved while it ran
  expect(
    seen.some((v) => v.startsWith("in_progress:") && Number(v.split(":")[1]) > 0),
    seen.join(" ")
  ).toBe(true)
  const link = job.getByTestId("export-download")
  await expect(link).toBeVisible()
  await saveShot(page, `statements-server-export-pt.png`, { fullPage: true })
  const file = await page.request.get((await link.getAttribute("href")) ?? "")
  expect(file.status()).toBe(200)
  const csv = await file.text()
  const { wallets } = await seed(page)
  const rows = await apiStatement(page, wallets["anaMain"] as string, { start_date: monthStart, end_date: today })
  expect(csv.trim().split("\n").length - 1).toBe(rows.length)
})

test("features §7/§9: a receipt is generated, polled every 2 s until ready, sanitised, and prints alone", async ({ page, signInAs }) => {
  await signInAs("ana@example.com")
  const st = new StatementsPage(page)
  await st.openFromMenu()
  await st.type.selectOption("FEE")
  await expect(st.rows.first()).toBeVisible()
  await st.rows.first().click()
  const dialog = page.getByTestId("receipt-dialog")
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId("receipt-state")).toHaveAttribute("data-phase", "pending")
  await expect(dialog.getByTestId("receipt-state")).toHaveAttribute("data-phase", "ready", { timeout: 8_000 })
  await expect(dialog.getByTestId("receipt-body")).toContainText("Comprovante")
  await expect(dialog.getByTestId("receipt-body").locator("script, [onerror], [style]")).toHaveCount(0)
  // issue 31 item 1: the receipt downloads as a PDF made in the browser (no more .html), authenticated by the server's receipt
  await expect(dialog.getByTestId("receipt-view")).toHaveAttribute("data-local", "false")
  const [file] = await Promise.all([page.waitForEvent("download"), dialog.getByTestId("receipt-download").click()])
  expect(file.suggestedFilename()).toMatch(/\.pdf$/)
  const text = await pdfText(new Uint8Array(readFileSync(await file.path())))
  expect(text).toContain("Comprovante")
  expect(text).toContain(await dialog.getByTestId("receipt-line-authentication").innerText())
  await saveShot(page, `statements-receipt-pt.png`)
  await page.emulateMedia({ media: "print" })
  await expect(page.getByTestId("receipt-print-copy")).toBeVisible()
  await expect(page.locator("header").first()).toBeHidden()
  await saveShot(page, `statements-receipt-print.png`)
  await page.emulateMedia({ media: "screen" })

  // a Pix row's receipt comes by operation, ready at once
  await page.keyboard.press("Escape")
  await st.type.selectOption("PIX_IN")
  await st.rows.first().click()
  await expect(dialog.getByTestId("receipt-state")).toHaveAttribute("data-phase", "ready")
})
