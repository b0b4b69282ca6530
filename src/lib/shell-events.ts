/**
 * Requests from pages and guards to the shell's panels (features never import each other):
 * open the profile-update modal, the wallet selection modal, the language modal or the
 * onboarding-pending modal. A request made before the shell is mounted waits for it.
 */
export type ShellRequest = "profileUpdate" | "walletSelect" | "language" | "onboardingPending"

const listeners = new Set<(r: ShellRequest) => void>()
const waiting: ShellRequest[] = []

export function onShellRequest(l: (r: ShellRequest) => void): () => void {
  listeners.add(l)
  while (waiting.length > 0) l(waiting.shift() as ShellRequest)
  return () => {
    listeners.delete(l)
  }
}
export function requestShell(r: ShellRequest): void {
  if (listeners.size === 0) {
    if (!waiting.includes(r)) waiting.push(r)
    return
  }
  for (const l of listeners) l(r)
}
