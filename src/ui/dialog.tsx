/**
 * Dialog on the Radix primitive: focus trapped and restored, Escape closes, labelled by its
 * title. Sizes of spec core §9: small 384 px, medium 512 px, large 700 px.
 */
import { useRef, type ReactNode } from "react"
import * as RDialog from "@radix-ui/react-dialog"
import { useTranslation } from "react-i18next"
import * as s from "./dialog.css.ts"
import { IconButton } from "./button.tsx"
import { CloseIcon } from "./icons.tsx"

export type DialogSize = "small" | "medium" | "large"

export interface DialogProps {
  readonly open: boolean
  readonly onOpenChange: (open: boolean) => void
  readonly title: string
  readonly description?: string
  readonly size?: DialogSize
  readonly footer?: ReactNode
  readonly children?: ReactNode
  /** Hide the close button (a modal that must be answered). */
  readonly noClose?: boolean
  /** A click outside does not close it (Escape and the close button still do): a prompt a stray click must not cancel. */
  readonly keepOnOutsideClick?: boolean
  readonly testId?: string
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  size = "medium",
  footer,
  children,
  noClose = false,
  keepOnOutsideClick = false,
  testId
}: DialogProps) {
  const { t } = useTranslation()
  // focus goes back where it was when the dialog opened: Radix gives it to a Trigger, and these dialogs are opened
  // by the app's own buttons, menus and commands (without this it fell to <body> and a keyboard user lost their place)
  const opener = useRef<HTMLElement | null>(null)
  return (
    <RDialog.Root open={open} onOpenChange={onOpenChange}>
      <RDialog.Portal>
        <RDialog.Overlay className={s.overlay} />
        <RDialog.Content
          className={[s.content, s.size[size]].join(" ")}
          data-testid={testId}
          {...(description === undefined ? { "aria-describedby": undefined } : {})}
          onInteractOutside={noClose || keepOnOutsideClick ? (e) => e.preventDefault() : undefined}
          onEscapeKeyDown={noClose ? (e) => e.preventDefault() : undefined}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
          }}
          onCloseAutoFocus={(e) => {
            const el = opener.current
            opener.current = null
            if (el?.isConnected) {
              e.preventDefault()
              el.focus()
            }
          }}
        >
          <div className={s.header}>
            <div>
              <RDialog.Title className={s.title}>{title}</RDialog.Title>
              {description !== undefined ? <RDialog.Description className={s.description}>{description}</RDialog.Description> : null}
            </div>
            {noClose ? null : (
              <RDialog.Close asChild>
                <IconButton label={t("common:actions.close")}>
                  <CloseIcon />
                </IconButton>
              </RDialog.Close>
            )}
          </div>
          {children !== undefined ? <div className={s.body}>{children}</div> : null}
          {footer !== undefined ? <div className={s.footer}>{footer}</div> : null}
        </RDialog.Content>
      </RDialog.Portal>
    </RDialog.Root>
  )
}
