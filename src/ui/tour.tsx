/**
 * A guided tour (spec core §4 "Tours"): a small, non-modal card walking through the marked
 * parts of a page (`data-tour="…"`), highlighting each. The hook in src/lib/use-tour.ts decides
 * when it runs (once per page, 300 ms after arrival); leaving the page ends it.
 */
import { useEffect, useId } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "./button.tsx"
import * as s from "./tour.css.ts"

export interface TourStep {
  readonly target: string
  readonly title: string
  readonly body: string
}

export function Tour({
  steps,
  index,
  onNext,
  onBack,
  onClose
}: {
  readonly steps: ReadonlyArray<TourStep>
  readonly index: number
  readonly onNext: () => void
  readonly onBack: () => void
  readonly onClose: () => void
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const step = steps[index]
  useEffect(() => {
    if (!step) return undefined
    const el = document.querySelector<HTMLElement>(`[data-tour="${step.target}"]`)
    el?.setAttribute("data-tour-active", "true")
    el?.scrollIntoView?.({ block: "nearest", behavior: "smooth" })
    return () => el?.removeAttribute("data-tour-active")
  }, [step])
  if (!step) return null
  const last = index === steps.length - 1
  return (
    <div className={s.card} role="dialog" aria-modal="false" aria-labelledby={titleId} data-testid="tour">
      <span className={s.step}>{t("common:tour.step", { current: index + 1, total: steps.length })}</span>
      <p id={titleId} className={s.title}>
        {step.title}
      </p>
      <p className={s.text}>{step.body}</p>
      <div className={s.buttons}>
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t("common:tour.skip")}
        </Button>
        <span style={{ display: "flex", gap: 8 }}>
          {index > 0 ? (
            <Button variant="secondary" size="sm" onClick={onBack}>
              {t("common:tour.back")}
            </Button>
          ) : null}
          <Button size="sm" onClick={last ? onClose : onNext}>
            {last ? t("common:tour.done") : t("common:tour.next")}
          </Button>
        </span>
      </div>
    </div>
  )
}
