/**
 * Reject a request (spec features §4 "reproved": a reproval ends the request) with an
 * optional reason for the requester. The reason is free text: at most 140 characters and no
 * emoji (core §5 no_emoji); what was typed stays on a bad input.
 */
import { useEffect, useState, type FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { hasNoEmoji } from "../../../schema/validation.ts"
import type { ApprovalRequest } from "../../../schema/entities.ts"
import { useFormat } from "../../lib/use-format.ts"
import { Button, Dialog, layout, TextField } from "../../ui/index.ts"
import { REASON_MAX } from "./approval-rules.ts"

export function RejectDialog({
  request,
  onCancel,
  onConfirm
}: {
  readonly request: ApprovalRequest | null
  readonly onCancel: () => void
  readonly onConfirm: (reason: string | undefined) => void
}) {
  const { t } = useTranslation()
  const f = useFormat()
  const [reason, setReason] = useState("")
  useEffect(() => {
    if (request) setReason("")
  }, [request])
  const trimmed = reason.trim()
  const error =
    [...trimmed].length > REASON_MAX
      ? t("validation:VALIDATION_MAX", { max: REASON_MAX + 1 })
      : !hasNoEmoji(trimmed)
        ? t("validation:VALIDATION_NO_EMOJI")
        : null
  const submit = (e: FormEvent): void => {
    e.preventDefault()
    if (error) return
    onConfirm(trimmed === "" ? undefined : trimmed)
  }
  return (
    <Dialog
      open={request !== null}
      onOpenChange={(o) => {
        if (!o) onCancel()
      }}
      title={t("approval:reject.title")}
      description={request ? t("approval:reject.description", { amount: f.brl(request.amount), name: request.payment.beneficiary_name }) : ""}
      size="small"
      testId="reject-dialog"
    >
      <form className={layout.form} onSubmit={submit} noValidate>
        <TextField
          label={t("approval:reject.reason")}
          hint={t("approval:reject.reasonHint")}
          value={reason}
          onChange={setReason}
          error={error}
          autoFocus
          autoComplete="off"
          data-testid="reject-reason"
        />
        <div className={layout.actions}>
          <Button variant="secondary" onClick={onCancel}>
            {t("common:actions.cancel")}
          </Button>
          <Button type="submit" variant="danger" data-testid="reject-submit">
            {t("approval:reject.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
