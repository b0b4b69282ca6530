/**
 * The PIN prompt (DESIGN "Commands": a sensitive command asks the view for the PIN). Mounted
 * once in the app: shows the first of the engine's open asks (live query `pinAsks`, sync/SPEC.md
 * PN5: a tab that mounts after the ask, as after a reload that resumes a command, still shows it)
 * with the translated `lastErrorKey` of a previous wrong attempt, answers with `answerPin`;
 * Cancel answers null. An ask answered here is hidden at once; one answered in another tab goes
 * away when the engine drops it.
 */
import { useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine, useLiveQuery } from "../../workers/client.ts"
import { isValidPin } from "../../schema/validation.ts"
import { Dialog } from "./dialog.tsx"
import { Button } from "./button.tsx"
import { PinField } from "./pin-field.tsx"

export function PinPrompt() {
  const { t } = useTranslation()
  const asks = useLiveQuery({ kind: "pinAsks" })
  const [answered, setAnswered] = useState<ReadonlySet<number>>(new Set())
  const [pin, setPin] = useState("")
  const [touched, setTouched] = useState(false)

  const ask = asks?.find((a) => !answered.has(a.seq))
  const answer = (value: string | null): void => {
    if (!ask) return
    getEngine().answerPin(ask.commandId, value === null ? null : { pin: value })
    // forget answers the engine no longer lists, so the set stays as small as the open asks
    setAnswered((s) => new Set([...s, ask.seq].filter((seq) => seq === ask.seq || asks?.some((a) => a.seq === seq))))
    setPin("")
    setTouched(false)
  }
  const submit = (e: FormEvent): void => {
    e.preventDefault()
    setTouched(true)
    if (isValidPin(pin)) answer(pin)
  }
  // issue 30 item 3 (sync/SPEC.md PN6): asked again because the last authorisation expired before it was sent
  const expired = ask?.lastErrorKey === "PIN_REQUIRED"
  const fieldError =
    touched && !isValidPin(pin)
      ? t("validation:VALIDATION_PIN")
      : ask?.lastErrorKey && !expired
        ? t(`errors:${ask.lastErrorKey}`, { defaultValue: t("errors:UNKNOWN_ERROR") })
        : null

  return (
    <Dialog
      open={ask !== undefined}
      onOpenChange={(o) => {
        if (!o) answer(null)
      }}
      title={t("common:pin.title")}
      description={expired ? t("common:pin.expired") : t("common:pin.description")}
      size="small"
      // the second click of a double click on the button that asked lands outside: it must not cancel the command
      keepOnOutsideClick
      testId="pin-prompt"
    >
      <form onSubmit={submit} style={{ display: "flex", flexDirection: "column", gap: 16 }}>
        <PinField label={t("common:pin.label")} value={pin} onChange={setPin} error={fieldError} autoFocus />
        <div style={{ display: "flex", justifyContent: "flex-end", gap: 8 }}>
          <Button variant="secondary" onClick={() => answer(null)}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit">{t("common:actions.confirm")}</Button>
        </div>
      </form>
    </Dialog>
  )
}
