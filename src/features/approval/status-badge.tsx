/** The state of an approval request (spec features §4: started, approved, reproved, canceled, finished) as a coloured, translated badge. */
import { useTranslation } from "react-i18next"
import type { ApprovalStatus } from "../../../schema/entities.ts"
import { Badge, type Tone } from "../../ui/index.ts"

const TONE: Record<ApprovalStatus, Tone> = { started: "info", approved: "success", finished: "success", reproved: "danger", canceled: "warning" }

export function StatusBadge({ status }: { readonly status: ApprovalStatus }) {
  const { t } = useTranslation()
  return (
    <Badge tone={TONE[status]} data-testid="approval-status" data-status={status}>
      {t(`approval:status.${status}`)}
    </Badge>
  )
}
