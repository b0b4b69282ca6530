/**
 * Copy and paste buttons in Chromium (issue 31 item 5 "copy buttons for one's own Pix keys; a paste
 * button where a code is typed"): the paste button puts the clipboard's text in the field; a refused
 * permission, a browser without the API and an empty clipboard each say so in the language, with the
 * keyboard way, keeping what was typed; the copy button writes the text and says so in a toast.
 */
import { useState } from "react"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { LOCALES, seriousAxeViolations, showLocale } from "../../tests/support/browser-kit.ts"
import { dismissToast, feedbackStore } from "../lib/feedback.ts"
import { CopyButton, PasteButton } from "./clipboard-buttons.tsx"
import { TextField } from "./text-field.tsx"
import { Toaster } from "./toaster.tsx"

const TEXTS = {
  pt: {
    paste: "Colar",
    denied: "O navegador não permitiu ler a área de transferência. Cole no campo com Ctrl+V (⌘V) ou um toque longo.",
    unsupported: "Este navegador não cola por um botão. Cole no campo com Ctrl+V (⌘V) ou um toque longo.",
    empty: "A área de transferência não tem texto para colar. Copie o código antes.",
    copy: "Copiar",
    copyFailed: "Não foi possível copiar: selecione o texto e copie com Ctrl+C (⌘C)."
  },
  en: {
    paste: "Paste",
    denied: "The browser did not allow reading the clipboard. Paste into the field with Ctrl+V (⌘V) or a long press.",
    unsupported: "This browser cannot paste from a button. Paste into the field with Ctrl+V (⌘V) or a long press.",
    empty: "The clipboard has no text to paste. Copy the code first.",
    copy: "Copy",
    copyFailed: "Could not copy: select the text and copy it with Ctrl+C (⌘C)."
  }
} as const

const CODE = "00020126360014br.gov.bcb.pix0114+5511999999999520400005303986540512.345802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D"

function CodeForm() {
  const [code, setCode] = useState("typed before")
  return (
    <form>
      <TextField label="Code" value={code} onChange={setCode} data-testid="code" />
      <PasteButton label="Paste the code" onPaste={setCode} data-testid="paste" />
    </form>
  )
}

afterEach(() => {
  vi.restoreAllMocks()
  for (const t of feedbackStore.get().toasts) dismissToast(t.id)
})

describe.each(LOCALES)("clipboard buttons (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`issue 31 item 5: the paste button (named "${tx.paste}" in ${lng}) puts the clipboard's text in the field, trimmed`, async () => {
    vi.spyOn(navigator.clipboard, "readText").mockResolvedValue(`  ${CODE}\n`)
    const screen = await render(<CodeForm />)
    const button = screen.getByRole("button", { name: "Paste the code" })
    await expect.element(button).toHaveTextContent(tx.paste)
    await button.click()
    await expect.element(screen.getByTestId("code")).toHaveValue(CODE)
    await expect.element(screen.getByTestId("paste-refused")).not.toBeInTheDocument()
  })

  test(`issue 31 item 5: a refused clipboard, a browser without readText and an empty clipboard each give their message in ${lng}; what was typed is kept`, async () => {
    const screen = await render(<CodeForm />)
    const button = screen.getByRole("button", { name: "Paste the code" })
    const read = vi.spyOn(navigator.clipboard, "readText").mockRejectedValue(new DOMException("Read permission denied.", "NotAllowedError"))
    await button.click()
    await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.denied)
    await expect.element(screen.getByTestId("code")).toHaveValue("typed before")
    expect(await seriousAxeViolations()).toEqual([])
    read.mockResolvedValue("   ")
    await button.click()
    await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.empty)
    read.mockRestore()
    // an own property hides the prototype's getter; deleting it brings the real clipboard back
    Object.defineProperty(navigator, "clipboard", { value: undefined, configurable: true })
    try {
      await button.click()
      await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.unsupported)
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard
    }
    await expect.element(screen.getByTestId("code")).toHaveValue("typed before")
  })

  test(`issue 31 item 5: the copy button writes the key and says so in a toast; a refusal is an error toast that stays (${lng})`, async () => {
    const write = vi.spyOn(navigator.clipboard, "writeText").mockResolvedValue(undefined)
    const screen = await render(
      <>
        <Toaster />
        <CopyButton text="ana@example.com" label={`${tx.copy} ana@example.com`} copied="OK copied" data-testid="copy" />
      </>
    )
    const button = screen.getByRole("button", { name: `${tx.copy} ana@example.com` })
    await expect.element(button).toHaveTextContent(tx.copy)
    await button.click()
    expect(write).toHaveBeenCalledWith("ana@example.com")
    await expect.element(screen.getByTestId("toast-success")).toHaveTextContent("OK copied")
    write.mockRejectedValue(new DOMException("denied", "NotAllowedError"))
    await button.click()
    await expect.element(screen.getByTestId("toast-error")).toHaveTextContent(tx.copyFailed)
  })
})
