/** A password TextField with a show/hide toggle (labelled for screen readers). */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { EyeIcon, EyeOffIcon, IconButton, TextField } from "../../ui/index.ts"
import type { TextFieldProps } from "../../ui/text-field.tsx"

export function PasswordField(props: Omit<TextFieldProps, "type" | "adornment">) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <TextField
      {...props}
      type={shown ? "text" : "password"}
      adornment={
        <IconButton label={shown ? t("auth:password.hide") : t("auth:password.show")} onClick={() => setShown((x) => !x)} style={{ width: 36, height: 36 }}>
          {shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </IconButton>
      }
    />
  )
}
