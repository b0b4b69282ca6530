/**
 * The PIN prompt (DESIGN "Commands": a sensitive command asks the view for the PIN). Mounted
 * once in the app: listens to the engine's `onPinAsk`, shows the translated `lastErrorKey` of
 * a previous wrong attempt, answers with `answerPin`; Cancel answers null. Prompts queue.
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { getEngine, type PinAsk } from "../../workers/client.ts"
import { isValidPin } from "../../schema/validation.ts"
import { Dialog } from "./dialog.tsx"
import { Button } from "./button.tsx"
import { PinField } from "./pin-field.tsx"

export function PinPrompt() {
  const { t } = useTranslation()
  const [queue, setQueue] = useState<ReadonlyArray<PinAsk>>([])
  const [pin, setPin] = useState("")
  const [touched, setTouched] = useState(false)

  useEffect(() => getEngine().onPinAsk((a) => {
    setQueue((q) => [...q.filter((x) => x.commandId !== a.commandId), a])
  }), [])

  const ask = queue[0]
  const answer = (value: string | null): void => {
    if (!ask) return
    getEngine().answerPin(ask.commandId, value === null ? null : { pin: value })
    setQueue((q) => q.slice(1))
    setPin("")
    setTouched(false)
  }
  const submit = (e: FormEvent): void => {
    e.preventDefault()
    setTouched(true)
    if (isValidPin(pin)) answer(pin)
  }
  const fieldError = touched && !isValidPin(pin) ? t("validation:VALIDATION_PIN") : ask?.lastErrorKey ? t(`errors:${ask.lastErrorKey}`, { defaultValue: t("errors:UNKNOWN_ERROR") }) : null

  return (
    <Dialog
      open={ask !== undefined}
      onOpenChange={(o) => { if (!o) answer(null) }}
      title={t("common:pin.title")}
      description={t("common:pin.description")}
      size="small"
      testId="pin-prompt"
    >
      <form onSubmit={submit} style={{ display: "flex", flexDirection: "column", gap: 16 }}>
        <PinField label={t("common:pin.label")} value={pin} onChange={setPin} error={fieldError} autoFocus />
        <div style={{ display: "flex", justifyContent: "flex-end", gap: 8 }}>
          <Button variant="secondary" onClick={() => answer(null)}>{t("common:actions.cancel")}</Button>
          <Button type="submit">{t("common:actions.confirm")}</Button>
        </div>
      </form>
    </Dialog>
  )
}
