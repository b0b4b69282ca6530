/**
 * Onboarding-pending modal (spec core §2.4): 'To continue, complete your registration', urging
 * the user to create or complete the registration in the mobile bank app.
 */
import { useTranslation } from "react-i18next"
import { Button } from "../../ui/button.tsx"
import { Dialog } from "../../ui/dialog.tsx"

export function OnboardingPendingModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
      title={t("shell:onboarding.title")}
      size="small"
      testId="onboarding-modal"
      footer={<Button onClick={onClose}>{t("shell:onboarding.ok")}</Button>}
    >
      <p>{t("shell:onboarding.message")}</p>
    </Dialog>
  )
}
