/**
 * issue 31 item 2 "scanning in every browser" — the boleto barcode on the pay page (billet/pay, spec features §2
 * boleto, §8), in Chromium with `BarcodeDetector` absent (the pure-JS reader), pt and en: an image of the 44-digit
 * ITF barcode fills the typeable line and looks it up; the camera (a captured canvas filming the barcode) does the
 * same and its tracks stop; an image with no code, a damaged one and a barcode with a wrong check digit each say
 * so in the user's language, keep what was typed and look up nothing; a refused camera says so; axe-clean with
 * the camera on and with a message shown.
 */
import { MemoryRouter } from "react-router"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { fakeEngine } from "../../../tests/support/fake-engine-client.ts"
import { barsPicture, cameraFilming, chooseFile, itfWidths, onPage, pictureFile } from "../../../tests/support/barcodes.ts"
import type { Wallet } from "../../../schema/entities.ts"
import type { DecodedBillet } from "../../../schema/billet.ts"
import { makeBankSlipBarcode, boletoBarcodeToLine } from "../../../schema/boleto.ts"
import { formatLineTyping } from "../../../schema/billet.ts"
import { appStore } from "../../lib/app-state.ts"
import { PayBillet } from "./pay.tsx"

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
const BARCODE = makeBankSlipBarcode({ bank: "237", amountCents: 25_000, dueFactor: 9_800, free: "1234567890123456789012345" })
const LINE = boletoBarcodeToLine(BARCODE) ?? ""
const DECODED: DecodedBillet = {
  kind: "bank",
  typeable_line: LINE,
  barcode: BARCODE,
  due_date: null,
  limit_due_date: null,
  original_amount: 25_000,
  charged_amount: 25_000,
  rebate_amount: 0,
  interest_amount: 0,
  fine_amount: 0,
  discount_amount: 0,
  charged_amount_due_date: "2026-11-27",
  beneficiary_name: "Lima & Filhos Comércio de Alimentos Ltda",
  beneficiary_document: "12345678000195",
  beneficiary_bank_name: "Bradesco",
  beneficiary_bank_code: "237",
  divergent_amount_type: "none",
  min_amount: null,
  max_amount: null,
  expired: false
}
/** The barcode with its general check digit (5th digit) wrong: what a misread bar gives. */
const WRONG_DV = `${BARCODE.slice(0, 4)}${(Number(BARCODE[4]) + 1) % 10}${BARCODE.slice(5)}`

const TEXTS = {
  pt: {
    line: "Linha digitável ou código de barras",
    camera: "Ler o código de barras com a câmera",
    stop: "Parar a câmera",
    image: "Ler uma imagem do código de barras",
    video: "Imagem da câmera para ler o código de barras do boleto",
    noCode: "Esta imagem não tem um código de barras de boleto. Tente uma foto mais nítida, com o código inteiro.",
    checkDigit: "O código de barras foi lido, mas o dígito verificador não confere: o código pode estar danificado. Leia de novo ou digite a linha.",
    denied: "O acesso à câmera foi negado. Permita a câmera no navegador, leia uma imagem ou digite a linha.",
    review: "Revisar"
  },
  en: {
    line: "Typeable line or barcode",
    camera: "Scan the barcode with the camera",
    stop: "Stop the camera",
    image: "Read a barcode image",
    video: "Camera view for reading the bank slip's barcode",
    noCode: "This image holds no bank slip barcode. Try a sharper picture with the whole barcode in it.",
    checkDigit: "The barcode was read, but its check digit does not match: the code may be damaged. Read it again or type the line.",
    denied: "Camera access was refused. Allow the camera in the browser, read an image, or type the line.",
    review: "Review"
  }
} as const

const Page = () => (
  <MemoryRouter initialEntries={["/banking/billet/pay"]}>
    <PayBillet />
  </MemoryRouter>
)
const imageInput = (): HTMLInputElement => document.querySelector<HTMLInputElement>("[data-testid='billet-scan-image']") as HTMLInputElement

let savedDetector: unknown
beforeEach(() => {
  // the browsers this is for: no BarcodeDetector (Firefox, Safari, Chrome on Windows and Linux)
  savedDetector = (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector
  delete (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector
  fakeEngine.reset()
  engine.calls.length = 0
  engine.answer = DECODED
  appStore.set({ wallets: [WALLET], walletId: WALLET.id })
  fakeEngine.answer("commands", [])
  fakeEngine.answer("walletAccounts", [])
})
afterEach(() => {
  if (savedDetector !== undefined) (globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = savedDetector
  vi.restoreAllMocks()
  fakeEngine.reset()
  appStore.set({ wallets: null, walletId: null })
})

describe.each(LOCALES)("pay a boleto by its barcode (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`issue 31 item 2 features §2 boleto: an image of the ITF barcode fills the line (${lng}) and looks it up; the slip is shown to review`, async () => {
    const screen = await render(<Page />)
    await expect.element(screen.getByText(tx.image)).toBeVisible()
    const file = await pictureFile(barsPicture(itfWidths(BARCODE, 3), { narrow: 2, transparent: true }), "boleto.png")
    chooseFile(imageInput(), file)
    await expect.element(screen.getByLabelText(tx.line)).toHaveValue(formatLineTyping(LINE))
    await expect.element(screen.getByTestId("billet-beneficiary")).toHaveTextContent(DECODED.beneficiary_name)
    expect(engine.calls).toEqual([{ endpoint: "billetDecode", args: { walletId: "w-1", query: { line: LINE } } }])
    await expect.element(screen.getByRole("button", { name: tx.review })).toBeVisible()
    // focus is back on the line, now filled
    expect(document.activeElement).toBe(screen.getByLabelText(tx.line).element())
    expect(fakeEngine.submitted).toEqual([])
  })

  test(`issue 31 item 2 bad input: no code, a damaged barcode, a wrong check digit — the message in ${lng}, what was typed kept, nothing looked up or sent`, async () => {
    const screen = await render(<Page />)
    const field = screen.getByLabelText(tx.line)
    await field.fill("34191")
    // an image with no code
    chooseFile(imageInput(), await pictureFile({ data: new Uint8ClampedArray(320 * 200 * 4).fill(255), width: 320, height: 200 }, "blank.png"))
    await expect.element(screen.getByText(tx.noCode)).toBeVisible()
    await expect.element(field).toHaveValue("34191")
    expect(await seriousAxeViolations()).toEqual([])
    // a barcode read whole whose check digit does not match
    chooseFile(imageInput(), await pictureFile(barsPicture(itfWidths(WRONG_DV, 3), { narrow: 2 }), "wrong.png"))
    await expect.element(screen.getByText(tx.checkDigit)).toBeVisible()
    await expect.element(field).toHaveValue("34191")
    await expect.element(field).toHaveAttribute("aria-invalid", "true")
    // a damaged barcode (a band of ink across it): no barcode can be read from it
    const picture = barsPicture(itfWidths(BARCODE, 3), { narrow: 2 })
    const data = Uint8ClampedArray.from(picture.data)
    for (let y = 0; y < picture.height; y++) data.fill(0, (y * picture.width + 300) * 4, (y * picture.width + 340) * 4)
    for (let p = 3; p < data.length; p += 4) data[p] = 255
    chooseFile(imageInput(), await pictureFile({ ...picture, data }, "smudged.png"))
    await expect.element(screen.getByText(tx.noCode)).toBeVisible()
    await expect.element(field).toHaveValue("34191")
    expect(engine.calls).toEqual([])
    expect(fakeEngine.submitted).toEqual([])
  })

  test(`issue 31 item 2: the camera (rear preferred) reads the barcode, fills the line (${lng}) and stops; axe-clean while it films`, async () => {
    const camera = cameraFilming(onPage(barsPicture(itfWidths(BARCODE, 3), { narrow: 2, height: 120 }), 1280, 720, 240))
    const asked: MediaStreamConstraints[] = []
    // the first frames are held back until axe has looked at the page with the camera on
    let release: () => void = () => undefined
    const held = new Promise<void>((r) => {
      release = r
    })
    vi.spyOn(navigator.mediaDevices, "getUserMedia").mockImplementation(async (c) => {
      asked.push(c ?? {})
      await held
      return camera.stream
    })
    try {
      const screen = await render(<Page />)
      await screen.getByRole("button", { name: tx.camera }).click()
      await expect.element(screen.getByLabelText(tx.video)).toBeVisible()
      await expect.element(screen.getByRole("button", { name: tx.stop })).toBeVisible()
      expect(await seriousAxeViolations()).toEqual([])
      release()
      await expect.element(screen.getByLabelText(tx.line)).toHaveValue(formatLineTyping(LINE))
      await expect.element(screen.getByTestId("billet-beneficiary")).toHaveTextContent(DECODED.beneficiary_name)
      expect((asked[0]?.video as MediaTrackConstraints).facingMode).toEqual({ ideal: "environment" })
      // read: the camera is closed and its tracks stopped
      await expect.element(screen.getByRole("button", { name: tx.camera })).toBeVisible()
      // the tracks stop in the scanner's effect cleanup, which React runs after the commit: waited for, not read at once
      await expect.poll(() => camera.stream.getTracks().map((t) => t.readyState)).toEqual(["ended"])
      expect(document.querySelector("video")).toBeNull()
    } finally {
      camera.stop()
    }
  })

  test(`issue 31 item 2: a refused camera says so in ${lng}; closing the page stops a camera left on`, async () => {
    const denied = vi.spyOn(navigator.mediaDevices, "getUserMedia").mockRejectedValue(new DOMException("no", "NotAllowedError"))
    const screen = await render(<Page />)
    await screen.getByRole("button", { name: tx.camera }).click()
    await expect.element(screen.getByText(tx.denied)).toBeVisible()
    await expect.element(screen.getByRole("button", { name: tx.camera })).toBeVisible()
    denied.mockRestore()

    // a camera filming nothing readable, left on, then the page goes away
    const camera = cameraFilming({ data: new Uint8ClampedArray(640 * 480 * 4).fill(200), width: 640, height: 480 })
    vi.spyOn(navigator.mediaDevices, "getUserMedia").mockResolvedValue(camera.stream)
    try {
      await screen.getByRole("button", { name: tx.camera }).click()
      await expect.element(screen.getByLabelText(tx.video)).toBeVisible()
      await expect.poll(() => (document.querySelector("video") as HTMLVideoElement | null)?.srcObject ?? null).toBe(camera.stream)
      await screen.unmount()
      // the tracks stop in the scanner's effect cleanup, which React runs after the commit: waited for, not read at once
      await expect.poll(() => camera.stream.getTracks().map((t) => t.readyState)).toEqual(["ended"])
    } finally {
      camera.stop()
    }
  })
  test(`issue 31 item 2: a BarcodeDetector that does not read ITF (Chrome on macOS reads it, others may not) is passed over for the pure reader (${lng})`, async () => {
    let detects = 0
    class QrOnlyDetector {
      static getSupportedFormats(): Promise<string[]> {
        return Promise.resolve(["qr_code"])
      }
      detect(): Promise<never[]> {
        detects++
        return Promise.resolve([])
      }
    }
    ;(globalThis as { BarcodeDetector?: unknown }).BarcodeDetector = QrOnlyDetector
    const screen = await render(<Page />)
    chooseFile(imageInput(), await pictureFile(barsPicture(itfWidths(BARCODE, 2.5), { narrow: 2 }), "boleto.png"))
    await expect.element(screen.getByLabelText(tx.line)).toHaveValue(formatLineTyping(LINE))
    expect(detects).toBe(0)
  })
})
