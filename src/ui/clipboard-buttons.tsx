/**
 * Copy and paste buttons (issue 31 item 5 "copy buttons for one's own Pix keys; a paste button where
 * a code is typed"). CopyButton writes a text to the clipboard and says so in a toast (a refusal is an
 * error toast, which stays until closed). PasteButton reads the clipboard with
 * navigator.clipboard.readText — the browser may ask the user first — and hands the text to the
 * field; when the browser refuses or cannot, it says so beside the button, with the keyboard way to
 * paste, and what was typed is kept. Texts come from the caller (translated) and common:clipboard.
 */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { toast } from "../lib/feedback.ts"
import { Button } from "./button.tsx"
import * as layout from "./layout.css.ts"

export interface CopyButtonProps {
  readonly text: string
  /** The button's accessible name, e.g. "Copy the key bruno@example.com". */
  readonly label: string
  /** The success toast, e.g. "Key copied." */
  readonly copied: string
  readonly "data-testid"?: string
}

export function CopyButton({ text, label, copied, "data-testid": testId }: CopyButtonProps) {
  const { t } = useTranslation()
  const copy = (): void => {
    const clip = globalThis.navigator?.clipboard
    if (!clip?.writeText) {
      toast("error", t("common:clipboard.copyFailed"))
      return
    }
    clip.writeText(text).then(
      () => toast("success", copied),
      () => toast("error", t("common:clipboard.copyFailed"))
    )
  }
  return (
    <Button size="sm" variant="secondary" onClick={copy} aria-label={label} data-testid={testId}>
      {t("common:clipboard.copy")}
    </Button>
  )
}

export type PasteRefusal = "denied" | "unsupported" | "empty"

/** The clipboard's text, or why it could not be read (a refused permission, no API, nothing to paste). */
export async function readClipboardText(): Promise<{ readonly text: string } | { readonly refused: PasteRefusal }> {
  const clip = globalThis.navigator?.clipboard
  if (!clip?.readText) return { refused: "unsupported" }
  try {
    const text = await clip.readText()
    return text.trim() === "" ? { refused: "empty" } : { text }
  } catch {
    return { refused: "denied" }
  }
}

export interface PasteButtonProps {
  /** The pasted text (trimmed); the owner puts it in its field. */
  readonly onPaste: (text: string) => void
  /** The button's accessible name, e.g. "Paste the Pix code". */
  readonly label: string
  readonly "data-testid"?: string
}

export function PasteButton({ onPaste, label, "data-testid": testId = "paste" }: PasteButtonProps) {
  const { t } = useTranslation()
  const [refused, setRefused] = useState<PasteRefusal | null>(null)
  const paste = async (): Promise<void> => {
    setRefused(null)
    const r = await readClipboardText()
    if ("refused" in r) setRefused(r.refused)
    else onPaste(r.text.trim())
  }
  return (
    <>
      <Button variant="secondary" onClick={() => void paste()} aria-label={label} data-testid={testId}>
        {t("common:clipboard.paste")}
      </Button>
      {refused !== null ? (
        <p className={layout.errorText} role="alert" data-testid={`${testId}-refused`}>
          {t(`common:clipboard.pasteRefused.${refused}`)}
        </p>
      ) : null}
    </>
  )
}
