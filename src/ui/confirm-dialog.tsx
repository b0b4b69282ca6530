/**
 * ConfirmDialog and AlertDialog (spec core §2.4 "confirmation dialog (title, HTML message,
 * confirm and cancel, several kinds); alert dialog with one button"). On the Radix alert-dialog
 * primitive: focus starts on the safe button, Escape cancels. The HTML message is sanitised
 * with DOMPurify before it reaches the DOM.
 */
import * as RAlert from "@radix-ui/react-alert-dialog"
import DOMPurify from "dompurify"
import { useEffect, useMemo, useRef, type ReactNode } from "react"
import * as s from "./dialog.css.ts"
import { Button } from "./button.tsx"

/** Sanitise a message's HTML (kept: text formatting and links). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: ["b", "strong", "i", "em", "br", "p", "ul", "ol", "li", "a", "span"],
    ALLOWED_ATTR: ["href", "target", "rel"]
  })
}

export interface ConfirmDialogProps {
  readonly open: boolean
  readonly title: string
  readonly html: string
  readonly variant?: "default" | "danger"
  readonly confirmLabel: string
  readonly cancelLabel: string
  readonly onAnswer: (confirmed: boolean) => void
  /** What to review under the message (a payment's details, a choice that changes what is confirmed). */
  readonly children?: ReactNode
  readonly testIds?: { readonly confirm?: string; readonly cancel?: string }
}

export function ConfirmDialog({ open, title, html, variant = "default", confirmLabel, cancelLabel, onAnswer, children, testIds }: ConfirmDialogProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html])
  // Radix reports a close after the action's click too: answer once per opening
  const answered = useRef(false)
  useEffect(() => {
    if (!open) answered.current = false
  }, [open])
  const answer = (ok: boolean): void => {
    if (answered.current) return
    answered.current = true
    onAnswer(ok)
  }
  return (
    <RAlert.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) answer(false)
      }}
    >
      <RAlert.Portal>
        <RAlert.Overlay className={s.overlay} />
        <RAlert.Content className={[s.content, s.size.small].join(" ")} data-testid="confirm-dialog" data-variant={variant}>
          <div className={s.header}>
            <RAlert.Title className={s.title}>{title}</RAlert.Title>
          </div>
          <div className={s.body}>
            <RAlert.Description asChild>
              <div className={s.message} dangerouslySetInnerHTML={{ __html: clean }} />
            </RAlert.Description>
            {children}
          </div>
          <div className={s.footer}>
            <RAlert.Cancel asChild>
              <Button variant="secondary" data-testid={testIds?.cancel}>
                {cancelLabel}
              </Button>
            </RAlert.Cancel>
            <RAlert.Action asChild>
              <Button variant={variant === "danger" ? "danger" : "primary"} onClick={() => answer(true)} data-testid={testIds?.confirm}>
                {confirmLabel}
              </Button>
            </RAlert.Action>
          </div>
        </RAlert.Content>
      </RAlert.Portal>
    </RAlert.Root>
  )
}

export interface AlertDialogProps {
  readonly open: boolean
  readonly title: string
  readonly message: string
  readonly buttonLabel: string
  readonly onClose: () => void
}

export function AlertDialog({ open, title, message, buttonLabel, onClose }: AlertDialogProps) {
  return (
    <RAlert.Root
      open={open}
      onOpenChange={(o) => {
        if (!o) onClose()
      }}
    >
      <RAlert.Portal>
        <RAlert.Overlay className={s.overlay} />
        <RAlert.Content className={[s.content, s.size.small].join(" ")} data-testid="alert-dialog">
          <div className={s.header}>
            <RAlert.Title className={s.title}>{title}</RAlert.Title>
          </div>
          <div className={s.body}>
            <RAlert.Description className={s.message}>{message}</RAlert.Description>
          </div>
          <div className={s.footer}>
            <RAlert.Action asChild>
              <Button onClick={onClose}>{buttonLabel}</Button>
            </RAlert.Action>
          </div>
        </RAlert.Content>
      </RAlert.Portal>
    </RAlert.Root>
  )
}
