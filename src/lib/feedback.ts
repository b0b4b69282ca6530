/**
 * Feedback outside the page flow (spec core §2.4, §9): toasts (success, info, warning, error;
 * 4 s — except errors, which stay until dismissed, and the clock stops while a toast is hovered
 * or focused: issue 31 item 5, D-locale-input), the confirmation dialog (title, HTML message, confirm and cancel, kinds) and the alert
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

/** issue 31 item 5: a refusal must not be missed — an error toast stays until it is dismissed. */
export const toastStays = (kind: ToastKind): boolean => kind === "error"

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

/** core §9: toast timeout 4000 ms (shown time; hovered or focused time does not count). */
export const TOAST_TIMEOUT_MS = 4000

/** Why a toast's clock is stopped: the pointer is over it, or the focus is in it. */
export type ToastHold = "hover" | "focus"
interface ToastClock {
  remaining: number
  startedAt: number
  handle: ReturnType<typeof setTimeout> | null
  readonly holds: Set<ToastHold>
}
const clocks = new Map<number, ToastClock>()

function runClock(id: number, c: ToastClock): void {
  c.startedAt = Date.now()
  c.handle = setTimeout(() => dismissToast(id), Math.max(0, c.remaining))
}

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

/**
 * Shows a toast. The same toast again (kind, title and message) replaces the one on screen, so a
 * refusal repeated by a retry or a double click does not stack copies that stay.
 */
export function toast(kind: ToastKind, title: string, message?: string): number {
  const id = nextId++
  const same = state.toasts.filter((t) => t.kind === kind && t.title === title && t.message === message)
  for (const t of same) stopClock(t.id)
  const kept = same.length === 0 ? state.toasts : state.toasts.filter((t) => !same.includes(t))
  emit({ ...state, toasts: [...kept, message === undefined ? { id, kind, title } : { id, kind, title, message }] })
  if (!toastStays(kind)) {
    const c: ToastClock = { remaining: TOAST_TIMEOUT_MS, startedAt: 0, handle: null, holds: new Set() }
    clocks.set(id, c)
    runClock(id, c)
  }
  return id
}
export function dismissToast(id: number): void {
  stopClock(id)
  if (state.toasts.some((t) => t.id === id)) emit({ ...state, toasts: state.toasts.filter((t) => t.id !== id) })
}
function stopClock(id: number): void {
  const c = clocks.get(id)
  if (c?.handle != null) clearTimeout(c.handle)
  clocks.delete(id)
}

/** The pointer is over a toast or the focus is in it: its clock stops (issue 31 item 5). */
export function holdToast(id: number, why: ToastHold): void {
  const c = clocks.get(id)
  if (!c) return
  if (c.handle !== null) {
    clearTimeout(c.handle)
    c.handle = null
    c.remaining -= Date.now() - c.startedAt
  }
  c.holds.add(why)
}
/** The pointer left, or the focus left: when nothing holds it any more, the clock runs on with the time that was left. */
export function releaseToast(id: number, why: ToastHold): void {
  const c = clocks.get(id)
  if (!c) return
  c.holds.delete(why)
  if (c.holds.size === 0 && c.handle === null) runClock(id, c)
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
