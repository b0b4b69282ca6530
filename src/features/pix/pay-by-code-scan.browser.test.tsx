/**
 * issue 31 item 2 "scanning in every browser" — the Pix QR code on the pay-by-code page (spec features §2 pay by
 * QR code, §8), in Chromium with `BarcodeDetector` absent (the pure-JS reader), pt and en: an image of a QR code
 * drawn by the product's encoder (`qrcode`, as the receive page draws it) fills the code and looks it up; the
 * camera (a captured canvas filming the QR code) does the same and stops its tracks; an image with no code, a
 * damaged QR code, a QR code that is not Pix and one whose CRC does not match each say so in the user's
 * language, keep what was typed and look up nothing; axe-clean with the camera on and with a message shown.
 */
import { MemoryRouter } from "react-router"
import QRCode from "qrcode"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { fakeEngine } from "../../../tests/support/fake-engine-client.ts"
import { cameraFilming, chooseFile, modulesPicture, onPage, pictureFile } from "../../../tests/support/barcodes.ts"
import type { Wallet } from "../../../schema/entities.ts"
import type { PixQrDecoded } from "../../../schema/pix-qr.ts"
import { encodePixCopyPaste } from "../../../schema/pix-brcode.ts"
import { appStore } from "../../lib/app-state.ts"
import { PayByCode } from "./pay-by-code.tsx"

const engine = vi.hoisted(() => ({ calls: [] as Array<{ endpoint: string; args: unknown }>, answer: null as unknown }))
vi.mock("../../../workers/client.ts", async (orig) => ({
  ...(await orig<typeof import("../../../workers/client.ts")>()),
  ...(await import("../../../tests/support/fake-engine-client.ts")).fakeClient,
  getEngine: () => ({
    call: (endpoint: string, args: unknown) => {
      engine.calls.push({ endpoint, args })
      return Promise.resolve({ data: engine.answer })
    }
  })
}))

const WALLET: Wallet = {
  id: "w-1",
  name: "Principal",
  owner_name: "Ana",
  owner_id: "u-1",
  default: true,
  permission_types: [],
  is_matrix: false,
  branches: [],
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z"
}
const CODE = encodePixCopyPaste({ key: "bruno@example.com", merchantName: "Bruno Costa", merchantCity: "São Paulo", amountCents: 4_250, txid: "PEDIDO42" })
/** The same code with one character changed: its CRC no longer matches. */
const ALTERED = CODE.replace("4250", "4350").replace("42.50", "43.50")
const DECODED: PixQrDecoded = {
  kind: "static",
  key: "bruno@example.com",
  amount: 4_250,
  description: "",
  txid: "PEDIDO42",
  beneficiary_name: "Bruno Costa",
  beneficiary_document: "***.456.789-**",
  beneficiary_bank: "Carteira",
  expires_at: null,
  qr_code_id: null,
  charge: null,
  cash: null
}

/** A QR code drawn by the product's encoder (the `qrcode` package, level M, as the receive page). */
const qrPicture = (text: string, level: "L" | "M" = "M", smear = false, scale = 4) => {
  const m = QRCode.create(text, { errorCorrectionLevel: level }).modules
  const n = m.size
  return modulesPicture(
    n,
    (x, y) => {
      const dark = m.get(y, x) === 1
      // smeared: a band across the middle inverted, the corners' finder patterns kept
      return smear && y >= Math.floor(n * 0.35) && y < Math.floor(n * 0.65) && x >= 9 && x < n - 9 ? !dark : dark
    },
    scale
  )
}

const TEXTS = {
  pt: {
    code: "Código Pix copia e cola",
    camera: "Usar a câmera",
    stop: "Parar a câmera",
    image: "Ler uma imagem do QR code",
    video: "Imagem da câmera para ler o QR code Pix",
    hint: "Aponte a câmera para o QR code Pix, dentro do quadro.",
    noCode: "Esta imagem não tem um QR code Pix. Tente uma foto mais nítida.",
    damaged: "Encontramos um QR code, mas ele está danificado e não pôde ser lido. Tente uma foto mais nítida ou cole o código.",
    notPix: "O QR code lido não é um código Pix.",
    crc: "O QR code lido está danificado ou alterado: o dígito verificador (CRC) não confere. Leia de novo ou cole o código."
  },
  en: {
    code: "Pix copy-and-paste code",
    camera: "Use the camera",
    stop: "Stop the camera",
    image: "Read a QR code image",
    video: "Camera view for reading the Pix QR code",
    hint: "Point the camera at the Pix QR code, inside the frame.",
    noCode: "This image holds no Pix QR code. Try a sharper picture.",
    damaged: "We found a QR code, but it is damaged and could not be read. Try a sharper picture or paste the code.",
    notPix: "The QR code read is not a Pix code.",
    crc: "The QR code read is damaged or altered: its check digits (CRC) do not match. Read it again or paste the code."
  }
} as const

const Page = () => (
  <MemoryRouter initialEntries={["/banking/pix/pay/code"]}>
    <PayByCode />
  </MemoryRouter>
)
const imageInput = (): HTMLInputElement => document.querySelector<HTMLInputElement>("[data-testid='pix-code-image']") as HTMLInputElement

let savedDetector: unknown
beforeEach(() => {
  savedDetector = (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector
  fakeEngine.reset()
  engine.calls.length = 0
  engine.answer = DECODED
  appStore.set({ wallets: [WALLET], walletId: WALLET.id })
  fakeEngine.answer("commands", [])
  fakeEngine.answer("walletAccounts", [])
  fakeEngine.answer("list:pix_limits", [])
})
afterEach(() => {
  if (savedDetector !== undefined) (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = savedDetector
  vi.restoreAllMocks()
  fakeEngine.reset()
  appStore.set({ wallets: null, walletId: null })
})

describe.each(LOCALES)("pay a Pix by its QR code (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`issue 31 item 2 features §2 pay by QR code: an image of the product's QR code fills the code (${lng}) and looks it up`, async () => {
    const screen = await render(<Page />)
    chooseFile(imageInput(), await pictureFile(qrPicture(CODE), "pix.png"))
    await expect.element(screen.getByLabelText(tx.code)).toHaveValue(CODE)
    await expect.element(screen.getByTestId("pix-code-beneficiary-name")).toHaveTextContent("Bruno Costa")
    expect(engine.calls).toEqual([{ endpoint: "pixDecodeByQrCode", args: { walletId: "w-1", query: { code: CODE } } }])
    expect(document.activeElement).toBe(screen.getByLabelText(tx.code).element())
    expect(fakeEngine.submitted).toEqual([])
  })

  test(`issue 31 item 2 bad input: no code, a damaged QR code, not a Pix code, a wrong CRC — the message in ${lng}, what was typed kept, nothing looked up or sent`, async () => {
    const screen = await render(<Page />)
    const field = screen.getByLabelText(tx.code)
    await field.fill("00020126")
    const cases: ReadonlyArray<readonly [string, Parameters<typeof pictureFile>[0], string]> = [
      ["blank", { data: new Uint8ClampedArray(300 * 300 * 4).fill(255), width: 300, height: 300 }, tx.noCode],
      ["not pix", qrPicture("https://example.com/promo"), tx.notPix],
      ["damaged", qrPicture(CODE, "L", true), tx.damaged],
      ["altered", qrPicture(ALTERED), tx.crc],
      // the same filling a photo (16 px a module): ZXing's detector loses its way at that size, the smaller retry reads it
      ["altered, big", qrPicture(ALTERED, "M", false, 16), tx.crc]
    ]
    for (const [name, picture, message] of cases) {
      chooseFile(imageInput(), await pictureFile(picture, `${name}.png`))
      await expect.element(screen.getByTestId("pix-code-error"), { timeout: 10_000 }).toHaveTextContent(message)
      await expect.element(field).toHaveValue("00020126")
      await expect.element(field).toHaveAttribute("aria-invalid", "true")
    }
    expect(await seriousAxeViolations()).toEqual([])
    expect(engine.calls).toEqual([])
    expect(fakeEngine.submitted).toEqual([])
  })

  test(`issue 31 item 2: the camera reads the QR code, fills the code (${lng}) and stops; axe-clean while it films`, async () => {
    const camera = cameraFilming(onPage(qrPicture(CODE), 640, 480, 235))
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => {
      release = r
    })
    const gum = vi.spyOn(navigator.mediaDevices, "getUserMedia").mockImplementation(async () => {
      await held
      return camera.stream
    })
    try {
      const screen = await render(<Page />)
      await screen.getByRole("button", { name: tx.camera }).click()
      await expect.element(screen.getByLabelText(tx.video)).toHaveAccessibleDescription(tx.hint)
      expect(await seriousAxeViolations()).toEqual([])
      release()
      await expect.element(screen.getByLabelText(tx.code)).toHaveValue(CODE)
      await expect.element(screen.getByTestId("pix-code-beneficiary-name")).toHaveTextContent("Bruno Costa")
      expect(gum).toHaveBeenCalledTimes(1)
      await expect.element(screen.getByRole("button", { name: tx.camera })).toBeVisible()
      // the tracks stop in the scanner's effect cleanup, which React runs after the commit: waited for, not read at once
      await expect.poll(() => camera.stream.getTracks().map((t) => t.readyState)).toEqual(["ended"])
    } finally {
      camera.stop()
    }
  })
  test(`issue 31 item 2: where the browser has a BarcodeDetector that reads QR codes it is used, for an image and for the camera (${lng})`, async () => {
    const asked: string[][] = []
    const detected: string[] = []
    class FakeDetector {
      static getSupportedFormats(): Promise<string[]> {
        return Promise.resolve(["qr_code", "ean_13"])
      }
      constructor(o: { formats: string[] }) {
        asked.push(o.formats)
      }
      detect(source: { constructor: { name: string } }): Promise<Array<{ rawValue: string }>> {
        detected.push(source.constructor.name)
        return Promise.resolve([{ rawValue: CODE }])
      }
    }
    ;(globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = FakeDetector
    const screen = await render(<Page />)
    // an image the pure reader could not read (blank): only the browser's detector finds the code in it
    chooseFile(imageInput(), await pictureFile({ data: new Uint8ClampedArray(200 * 200 * 4).fill(255), width: 200, height: 200 }, "photo.png"))
    await expect.element(screen.getByLabelText(tx.code)).toHaveValue(CODE)
    expect(asked).toEqual([["qr_code"]])
    expect(detected).toEqual(["HTMLCanvasElement"])

    const camera = cameraFilming({ data: new Uint8ClampedArray(320 * 240 * 4).fill(255), width: 320, height: 240 })
    vi.spyOn(navigator.mediaDevices, "getUserMedia").mockResolvedValue(camera.stream)
    try {
      await screen.getByLabelText(tx.code).fill("")
      await screen.getByRole("button", { name: tx.camera }).click()
      await expect.element(screen.getByLabelText(tx.code)).toHaveValue(CODE)
      expect(detected).toContain("HTMLVideoElement")
      // the tracks stop in the scanner's effect cleanup, which React runs after the commit: waited for, not read at once
      await expect.poll(() => camera.stream.getTracks().map((t) => t.readyState)).toEqual(["ended"])
    } finally {
      camera.stop()
    }
  })
})
