/** A password TextField with a show/hide toggle (labelled for screen readers); used by auth and security. */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { IconButton } from "./button.tsx"
import { EyeIcon, EyeOffIcon } from "./icons.tsx"
import { TextField, type TextFieldProps } from "./text-field.tsx"

export function PasswordField(props: Omit<TextFieldProps, "type" | "adornment">) {
  const { t } = useTranslation()
  const [shown, setShown] = useState(false)
  return (
    <TextField
      {...props}
      type={shown ? "text" : "password"}
      adornment={
        <IconButton label={shown ? t("common:password.hide") : t("common:password.show")} onClick={() => setShown((x) => !x)} style={{ width: 36, height: 36 }}>
          {shown ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </IconButton>
      }
    />
  )
}
