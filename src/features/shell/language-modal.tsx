/**
 * Language modal (spec core §2.4): pt or en plus Apply. A change stores the locale (365-day
 * cookie), moves a prefixed URL to the new prefix and shows 'language changed successfully';
 * the current language only closes the modal. (There is no chat widget here to tell.)
 */
import { useState } from "react"
import { useLocation, useNavigate } from "react-router"
import { useTranslation } from "react-i18next"
import i18next from "i18next"
import { toast } from "../../lib/feedback.ts"
import { chooseLocale, currentLocale } from "../../lib/i18n.ts"
import { isLocale, splitLocalePath, switchPrefix } from "../../lib/locale-path.ts"
import { Button } from "../../ui/button.tsx"
import { Dialog } from "../../ui/dialog.tsx"
import { RadioGroup } from "../../ui/radio-group.tsx"

export function LanguageModal({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const [choice, setChoice] = useState<string>(currentLocale())

  const apply = (): void => {
    const l = isLocale(choice) ? choice : "pt"
    onClose()
    if (l === currentLocale()) return
    const { prefix } = splitLocalePath(location.pathname)
    if (prefix !== null) void navigate(`${switchPrefix(location.pathname, l)}${location.search}${location.hash}`, { replace: true })
    // in the new language once its messages are loaded (the component's `t` is bound to the old one)
    void chooseLocale(l).then(() => toast("success", i18next.t("shell:language.changed", { lng: l })))
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose()
        else setChoice(currentLocale())
      }}
      title={t("shell:language.title")}
      size="small"
      testId="language-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("common:actions.cancel")}
          </Button>
          <Button onClick={apply} data-testid="language-apply">
            {t("shell:language.apply")}
          </Button>
        </>
      }
    >
      <RadioGroup
        label={t("shell:language.title")}
        value={choice}
        onChange={setChoice}
        options={[
          { value: "pt", label: <span lang="pt-BR">{t("common:language.names.pt")}</span> },
          { value: "en", label: <span lang="en-US">{t("common:language.names.en")}</span> }
        ]}
      />
    </Dialog>
  )
}
