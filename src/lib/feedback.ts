/**
 * Feedback outside the page flow (spec core §2.4, §9): toasts (success, info, warning, error;
 * 4 s), the confirmation dialog (title, HTML message, confirm and cancel, kinds) and the alert
 * dialog (one button). A tiny store; src/ui/toaster.tsx and src/ui/dialog-host.tsx render it.
 * Callers pass texts already translated.
 */
export type ToastKind = "success" | "info" | "warning" | "error"
export interface Toast {
  readonly id: number
  readonly kind: ToastKind
  readonly title: string
  readonly message?: string
}

export interface ConfirmRequest {
  readonly kind: "confirm"
  readonly id: number
  readonly title: string
  /** HTML; sanitised with DOMPurify before it is shown. */
  readonly html: string
  readonly variant: "default" | "danger"
  readonly confirmLabel: string
  readonly cancelLabel: string
  readonly resolve: (ok: boolean) => void
}
export interface AlertRequest {
  readonly kind: "alert"
  readonly id: number
  readonly title: string
  readonly message: string
  readonly buttonLabel: string
  readonly resolve: () => void
}
export type DialogRequest = ConfirmRequest | AlertRequest

/** core §9: toast timeout 4000 ms. */
export const TOAST_TIMEOUT_MS = 4000

interface State {
  readonly toasts: ReadonlyArray<Toast>
  readonly dialogs: ReadonlyArray<DialogRequest>
}
let state: State = { toasts: [], dialogs: [] }
let nextId = 1
const listeners = new Set<() => void>()
const emit = (s: State): void => {
  state = s
  for (const l of listeners) l()
}

export const feedbackStore = {
  subscribe(l: () => void): () => void {
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  },
  get: (): State => state
}

export function toast(kind: ToastKind, title: string, message?: string): number {
  const id = nextId++
  emit({ ...state, toasts: [...state.toasts, message === undefined ? { id, kind, title } : { id, kind, title, message }] })
  setTimeout(() => dismissToast(id), TOAST_TIMEOUT_MS)
  return id
}
export function dismissToast(id: number): void {
  if (state.toasts.some((t) => t.id === id)) emit({ ...state, toasts: state.toasts.filter((t) => t.id !== id) })
}

export function confirmDialog(o: { title: string; html: string; variant?: "default" | "danger"; confirmLabel: string; cancelLabel: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++
    const req: ConfirmRequest = {
      kind: "confirm",
      id,
      title: o.title,
      html: o.html,
      variant: o.variant ?? "default",
      confirmLabel: o.confirmLabel,
      cancelLabel: o.cancelLabel,
      resolve: (ok) => {
        closeDialog(id)
        resolve(ok)
      }
    }
    emit({ ...state, dialogs: [...state.dialogs, req] })
  })
}

export function alertDialog(o: { title: string; message: string; buttonLabel: string }): Promise<void> {
  return new Promise((resolve) => {
    const id = nextId++
    const req: AlertRequest = {
      kind: "alert",
      id,
      ...o,
      resolve: () => {
        closeDialog(id)
        resolve()
      }
    }
    emit({ ...state, dialogs: [...state.dialogs, req] })
  })
}

function closeDialog(id: number): void {
  emit({ ...state, dialogs: state.dialogs.filter((d) => d.id !== id) })
}
