/**
 * issue 31 item 2 "scanning in every browser", end to end in Chromium with `BarcodeDetector` removed (the browsers
 * without it: Firefox, Safari, Chrome on Windows and Linux), against the sandbox:
 *
 * - the Pix QR code from an image: one made by the product (Bruno's receive page) and one made by independent
 *   generators (pix-utils' BR Code drawn by bwip-js) — the code is filled, decoded to Bruno and the payment reaches
 *   its confirmation; an image with no code and a QR code that is not Pix are refused, what was typed kept;
 * - the boleto barcode (44-digit interleaved 2 of 5) from an image made by bwip-js, in English — the typeable line
 *   is filled and looked up and the payment reaches its confirmation; a barcode with a wrong check digit is refused;
 * - the camera: Chromium's fake camera (`--use-fake-device-for-media-stream --use-file-for-fake-video-capture`)
 *   playing a Y4M video made here of a collection slip's barcode and of a Pix QR code; the line / the code is read
 *   from the video and looked up.
 *
 * No fixed sleeps: every wait is on what the user sees.
 */
import { writeFileSync } from "node:fs"
import { chromium, type Browser, type Page } from "@playwright/test"
import bwipjs from "bwip-js/node"
import QRCode from "qrcode"
import { createStaticPix, hasError } from "pix-utils"
import { expect, saveShot, test } from "../fixtures.ts"
import { signInToHome } from "../pages/sign-in.ts"
import { go } from "../pages/navigation.ts"
import { Sandbox } from "../pages/sandbox.ts"
import { openBruno, makeCode } from "../pix/qr-pages.ts"
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../support/chromium.ts"
import { barsPicture, modulesPicture, onPage, y4mOf } from "../../support/barcodes.ts"
import { boletoBarcodeToLine, formatBoletoLine } from "../../../schema/boleto.ts"
import { formatLineTyping } from "../../../schema/billet.ts"
import { encodePixCopyPaste } from "../../../schema/pix-brcode.ts"

/** The browsers this is for have no BarcodeDetector: the app must read codes itself. */
const withoutBarcodeDetector = async (page: Page): Promise<void> => {
  await page.addInitScript(() => {
    delete (window as { BarcodeDetector?: unknown }).BarcodeDetector
  })
}

/** The sandbox's payable slip `id` (sandbox/areas/billet/db.ts SYNTHETIC): its line and its 44-digit barcode. */
const slipOf = async (baseURL: string, id: string): Promise<{ line: string; barcode: string }> => {
  const s = (await new Sandbox(baseURL).client.admin("billetDirectory")).data.find((x) => x.id === id)
  if (s === undefined || !/^\d{44}$/.test(s.barcode)) throw new Error(`no slip ${id}`)
  return { line: s.typeable_line, barcode: s.barcode }
}

/** An interleaved 2 of 5 barcode drawn by bwip-js (an independent generator): a PNG with a transparent background. */
const bwipItfPng = (digits: string): Promise<Buffer> => bwipjs.toBuffer({ bcid: "interleaved2of5", text: digits, scale: 2, height: 12 })

test("issue 31 item 2 features §2 pay by QR code: Pix QR images from the product's receive page and from independent generators, without BarcodeDetector; bad images refused keeping what was typed (pt)", async ({
  page,
  browser
}) => {
  await withoutBarcodeDetector(page)
  await signInToHome(page, "ana@example.com")
  expect(await page.evaluate(() => "BarcodeDetector" in window)).toBe(false)

  // the product's own QR code: Bruno makes one on his receive page
  const { bruno, close } = await openBruno(browser)
  const productCode = await makeCode(bruno, { amount: "12,34" })
  const src = (await bruno.getByTestId("pix-qr-image").getAttribute("src")) ?? ""
  const productPng = Buffer.from(src.replace(/^data:image\/png;base64,/, ""), "base64")
  await close()

  await go(page, "/banking/pix/pay?by=code")
  const field = page.getByTestId("pix-code")
  await field.fill("00020126 digitado")
  // an image with no code, then a QR code that is not a Pix code: the message, what was typed kept
  const blank = await page.getByTestId("pix-code-form").screenshot()
  await page.getByTestId("pix-code-image").setInputFiles({ name: "blank.png", mimeType: "image/png", buffer: blank })
  await expect(page.getByTestId("pix-code-error")).toHaveText("Esta imagem não tem um QR code Pix. Tente uma foto mais nítida.")
  await expect(field).toHaveValue("00020126 digitado")
  const notPix = await QRCode.toBuffer("https://example.com/promocao", { width: 300 })
  await page.getByTestId("pix-code-image").setInputFiles({ name: "promo.png", mimeType: "image/png", buffer: notPix })
  await expect(page.getByTestId("pix-code-error")).toHaveText("O QR code lido não é um código Pix.")
  await expect(field).toHaveValue("00020126 digitado")
  await saveShot(page, "scan-pix-refused-pt.png", { fullPage: true })

  // the product's image: the code is filled, decoded to Bruno, and the payment reaches its confirmation
  await page.getByTestId("pix-code-image").setInputFiles({ name: "pix.png", mimeType: "image/png", buffer: productPng })
  await expect(field).toHaveValue(productCode)
  await expect(page.getByTestId("pix-code-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda", { timeout: 20_000 })
  await expect(page.getByTestId("pix-code-amount-fixed")).toHaveText(/12,34/)
  await page.getByTestId("pix-code-review").click()
  await expect(page.getByTestId("confirm-dialog")).toContainText("Lima & Filhos Comércio de Alimentos Ltda")
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Cancelar" }).click()

  // an independent generator's code (pix-utils) drawn by an independent QR encoder (bwip-js)
  const pix = createStaticPix({
    merchantName: "BRUNO",
    merchantCity: "SAO PAULO",
    pixKey: "bruno@example.com",
    infoAdicional: "Pedido 77",
    transactionAmount: 7.5
  })
  if (hasError(pix)) throw new Error("pix-utils refused its input")
  const independentCode = pix.toBRCode()
  const independentPng = await bwipjs.toBuffer({ bcid: "qrcode", text: independentCode, scale: 5 })
  await field.fill("")
  await page.getByTestId("pix-code-image").setInputFiles({ name: "pix-utils.png", mimeType: "image/png", buffer: independentPng })
  await expect(field).toHaveValue(independentCode)
  await expect(page.getByTestId("pix-code-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda", { timeout: 20_000 })
  await expect(page.getByTestId("pix-code-amount-fixed")).toHaveText(/7,50/)
  await page.getByTestId("pix-code-review").click()
  await expect(page.getByTestId("confirm-dialog")).toContainText("R$ 7,50")
  await saveShot(page, "scan-pix-review-pt.png", { fullPage: true })
})

test("issue 31 item 2 features §2 boleto: a barcode image from bwip-js fills the typeable line and the payment reaches review, without BarcodeDetector; a wrong check digit is refused keeping what was typed (en)", async ({
  page,
  served
}) => {
  await withoutBarcodeDetector(page)
  await signInToHome(page, "ana@example.com", { prefix: "/en" })
  const { line, barcode } = await slipOf(served.url, "01")
  await go(page, "/en/banking/billet/pay")
  const field = page.getByTestId("billet-line")
  await expect(field).toBeVisible({ timeout: 60_000 })
  await field.fill("34191")

  // the general check digit (5th digit of the barcode) misread: refused, nothing looked up
  const wrong = `${barcode.slice(0, 4)}${(Number(barcode[4]) + 1) % 10}${barcode.slice(5)}`
  await page.getByTestId("billet-scan-image").setInputFiles({ name: "wrong.png", mimeType: "image/png", buffer: await bwipItfPng(wrong) })
  await expect(
    page.getByText("The barcode was read, but its check digit does not match: the code may be damaged. Read it again or type the line.")
  ).toBeVisible()
  await expect(field).toHaveValue("34191")
  await expect(page.getByTestId("billet-beneficiary")).toHaveCount(0)
  await saveShot(page, "scan-billet-refused-en.png", { fullPage: true })

  await page.getByTestId("billet-scan-image").setInputFiles({ name: "boleto.png", mimeType: "image/png", buffer: await bwipItfPng(barcode) })
  await expect(field).toHaveValue(formatLineTyping(line))
  expect(boletoBarcodeToLine(barcode)).toBe(line)
  await expect(page.getByTestId("billet-beneficiary")).toHaveText("Distribuidora Aurora Ltda", { timeout: 20_000 })
  await page.getByTestId("billet-review").click()
  await expect(page.getByTestId("confirm-dialog")).toContainText("Distribuidora Aurora Ltda")
  await expect(page.getByTestId("confirm-dialog")).toContainText("R$150.00")
  await saveShot(page, "scan-billet-review-en.png", { fullPage: true })
})

/**
 * A Chromium of its own whose camera plays `video` (a Y4M file): the fake capture device with the permission
 * prompt answered yes, the suite's switches otherwise; a context on this worker's app, as the fixture's.
 */
const withFakeCamera = async (video: string, baseURL: string, run: (page: Page) => Promise<void>): Promise<void> => {
  const browser: Browser = await chromium.launch({
    ...(CHROMIUM_PATH ? { executablePath: CHROMIUM_PATH } : {}),
    args: [...CHROMIUM_ARGS, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`]
  })
  try {
    const ctx = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo", serviceWorkers: "block", reducedMotion: "reduce" })
    const page = await ctx.newPage()
    await withoutBarcodeDetector(page)
    await run(page)
  } finally {
    await browser.close()
  }
}

test("issue 31 item 2: the fake camera (a Y4M video of a collection slip's barcode drawn by bwip-js) fills the line and looks it up; the camera stops (pt)", async ({
  served
}, testInfo) => {
  const { line, barcode } = await slipOf(served.url, "11")
  const [enc] = bwipjs.raw("interleaved2of5", barcode, {}) as unknown as Array<{ sbs: number[] }>
  // 3 px a narrow bar (bwip-js's 2:1 widths), centred on a slightly grey 1280×720 page, as a phone held over a slip
  const video = testInfo.outputPath("boleto.y4m")
  writeFileSync(video, y4mOf(onPage(barsPicture(enc?.sbs ?? [], { narrow: 3, height: 200 }), 1280, 720, 235), 2))

  await withFakeCamera(video, served.url, async (cam) => {
    await signInToHome(cam, "ana@example.com")
    await go(cam, "/banking/billet/pay")
    await expect(cam.getByTestId("billet-line")).toBeVisible({ timeout: 60_000 })
    await cam.getByRole("button", { name: "Ler o código de barras com a câmera" }).click()
    await expect(cam.getByTestId("billet-line")).toHaveValue(formatLineTyping(line), { timeout: 20_000 })
    expect(formatBoletoLine(line).length).toBeGreaterThan(48)
    await expect(cam.getByTestId("billet-beneficiary")).not.toHaveText("", { timeout: 20_000 })
    // read: the camera is closed (its video gone, the button back)
    await expect(cam.getByTestId("billet-scan-video")).toHaveCount(0)
    await expect(cam.getByRole("button", { name: "Ler o código de barras com a câmera" })).toBeVisible()
    await saveShot(cam, "scan-billet-camera-read-pt.png", { fullPage: true })
  })
})

test("issue 31 item 2 features §2 pay by QR code: the fake camera (a Y4M video of the product's Pix QR code) fills the Pix code and decodes it to Bruno (pt)", async ({
  served
}, testInfo) => {
  // a static code for Bruno's key made by the product's code generator, drawn by its QR encoder (the `qrcode`
  // package, level M, as the receive page draws it)
  const code = encodePixCopyPaste({ key: "bruno@example.com", merchantName: "Bruno", merchantCity: "Sao Paulo", amountCents: 321, description: "Camera" })
  const m = QRCode.create(code, { errorCorrectionLevel: "M" }).modules
  const video = testInfo.outputPath("pix.y4m")
  writeFileSync(
    video,
    y4mOf(
      onPage(
        modulesPicture(m.size, (x, y) => m.get(y, x) === 1, 6),
        640,
        480,
        235
      ),
      2
    )
  )

  await withFakeCamera(video, served.url, async (cam) => {
    await signInToHome(cam, "ana@example.com")
    await go(cam, "/banking/pix/pay?by=code")
    await cam.getByTestId("pix-code-camera").click()
    await expect(cam.getByTestId("pix-code")).toHaveValue(code, { timeout: 20_000 })
    await expect(cam.getByTestId("pix-code-beneficiary-name")).toHaveText("Lima & Filhos Comércio de Alimentos Ltda", { timeout: 20_000 })
    await expect(cam.getByTestId("pix-code-video")).toHaveCount(0)
  })
})

test("issue 31 item 2 bad input: the fake camera filming a QR code that is not Pix says so (en), keeps looking and keeps what was typed; Stop closes it", async ({
  served
}, testInfo) => {
  const m = QRCode.create("https://example.com/promo", { errorCorrectionLevel: "M" }).modules
  const video = testInfo.outputPath("not-pix.y4m")
  writeFileSync(
    video,
    y4mOf(
      onPage(
        modulesPicture(m.size, (x, y) => m.get(y, x) === 1, 8),
        640,
        480,
        235
      ),
      2
    )
  )

  await withFakeCamera(video, served.url, async (cam) => {
    await signInToHome(cam, "ana@example.com", { prefix: "/en" })
    await go(cam, "/en/banking/pix/pay?by=code")
    await cam.getByTestId("pix-code").fill("00020126 typed")
    await cam.getByRole("button", { name: "Use the camera" }).click()
    await expect(cam.getByTestId("pix-code-error")).toHaveText("The QR code read is not a Pix code.", { timeout: 20_000 })
    // still looking: the video and its description stay, what was typed too
    await expect(cam.getByRole("button", { name: "Stop the camera" })).toBeVisible()
    await expect(cam.getByLabel("Camera view for reading the Pix QR code")).toBeVisible()
    await expect(cam.getByTestId("pix-code-scan-status")).toHaveText("Point the camera at the Pix QR code, inside the frame.")
    await expect(cam.getByTestId("pix-code")).toHaveValue("00020126 typed")
    await saveShot(cam, "scan-pix-camera-en.png", { fullPage: true })
    await cam.getByRole("button", { name: "Stop the camera" }).click()
    await expect(cam.getByTestId("pix-code-video")).toHaveCount(0)
    await expect(cam.getByRole("button", { name: "Use the camera" })).toBeFocused()
  })
})
