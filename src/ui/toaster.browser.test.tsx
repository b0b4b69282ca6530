/**
 * Toasts as the user sees them, in Chromium (spec core §2.4 "toasts of types success, info, warning,
 * error (top right, 4 seconds, title and message)", core §9 toast timeout 4000 ms and width 384 px):
 * src/lib/feedback.ts `toast()` drawn by the Toaster. Issue 31 item 5: an error toast stays until
 * it is closed; the others' 4 s stop while the toast is hovered or holds the focus.
 */
import i18next from "i18next"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { userEvent } from "vitest/browser"
import { render } from "vitest-browser-react"
import { LOCALES, seriousAxeViolations, showLocale } from "../../tests/support/browser-kit.ts"
import { dismissToast, feedbackStore, TOAST_TIMEOUT_MS, toast } from "../lib/feedback.ts"
import { Toaster } from "./toaster.tsx"

const TEXTS = {
  pt: { region: "Avisos", close: "Fechar" },
  en: { region: "Alerts", close: "Close" }
} as const

afterEach(() => {
  vi.useRealTimers()
  for (const t of feedbackStore.get().toasts) dismissToast(t.id)
})

describe.each(LOCALES)("toasts (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
    // the pointer rests away from the toasts: a real click of an earlier test leaves it where the next toasts appear,
    // and Chromium sends mouseover to what appears under a resting pointer — a toast "hovered" keeps its 4 s (issue 31
    // item 5), which made the timeout tests fail about one run in two
    const park = document.createElement("div")
    park.setAttribute("style", "position:fixed;left:0;bottom:0;width:8px;height:8px")
    document.body.append(park)
    await userEvent.hover(park)
    park.remove()
    ;(document.activeElement as HTMLElement | null)?.blur()
  })

  test(`core §2.4 toasts: success and error toasts show their title and message in ${lng} in the named live region, top right, 384 px; errors are alerts, the rest status`, async () => {
    const screen = await render(<Toaster />)
    const region = screen.getByRole("region", { name: tx.region })
    await expect.element(region).toHaveAttribute("aria-live", "polite")
    toast("success", i18next.t("pix:pay.done"))
    toast("error", i18next.t("pix:limits.failed"), i18next.t("errors:INCORRECT_PIN"))
    const ok = screen.getByTestId("toast-success")
    const bad = screen.getByTestId("toast-error")
    await expect.element(ok).toHaveTextContent(i18next.t("pix:pay.done"))
    await expect.element(ok).toHaveAttribute("role", "status")
    await expect.element(bad).toHaveAttribute("role", "alert")
    await expect.element(bad).toHaveTextContent(lng === "pt" ? "PIN incorreto." : "Incorrect PIN.")
    const box = region.element().getBoundingClientRect()
    expect(box.width).toBe(384)
    expect(window.innerWidth - box.right).toBeLessThan(40)
    expect(box.top).toBeLessThan(40)
    expect(await seriousAxeViolations()).toEqual([])
    // each has a close button named in the language; it dismisses that toast only
    await bad.getByRole("button", { name: tx.close }).click()
    await expect.element(screen.getByTestId("toast-error")).not.toBeInTheDocument()
    await expect.element(screen.getByTestId("toast-success")).toBeVisible()
    await ok.getByRole("button", { name: tx.close }).click()
    await expect.element(screen.getByTestId("toast-success")).not.toBeInTheDocument()
  })

  test(`core §9 toast timeout 4000 ms: a toast stays until 4 s have passed, then goes (${lng}); warning and info toasts are status`, async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] })
    const screen = await render(<Toaster />)
    toast("warning", "Warning title", "Warning message")
    toast("info", "Info title")
    await expect.element(screen.getByTestId("toast-warning")).toHaveTextContent("Warning message")
    await expect.element(screen.getByTestId("toast-info")).toHaveAttribute("role", "status")
    await vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS - 1)
    await expect.element(screen.getByTestId("toast-warning")).toBeVisible()
    await vi.advanceTimersByTimeAsync(1)
    await expect.element(screen.getByTestId("toast-warning")).not.toBeInTheDocument()
    await expect.element(screen.getByTestId("toast-info")).not.toBeInTheDocument()
  })

  test(`issue 31 item 5: an error toast stays until it is closed — a minute later it is still there (${lng}); the same error again does not stack a copy`, async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] })
    const screen = await render(<Toaster />)
    const title = i18next.t("pix:limits.failed")
    toast("error", title, i18next.t("errors:INCORRECT_PIN"))
    toast("success", i18next.t("pix:pay.done"))
    await expect.element(screen.getByTestId("toast-error")).toBeVisible()
    await vi.advanceTimersByTimeAsync(60_000)
    await expect.element(screen.getByTestId("toast-success")).not.toBeInTheDocument()
    await expect.element(screen.getByTestId("toast-error")).toBeVisible()
    toast("error", title, i18next.t("errors:INCORRECT_PIN"))
    expect(feedbackStore.get().toasts.filter((t) => t.kind === "error")).toHaveLength(1)
    await screen.getByTestId("toast-error").getByRole("button", { name: tx.close }).click()
    await expect.element(screen.getByTestId("toast-error")).not.toBeInTheDocument()
  })

  test(`issue 31 item 5: a success toast's 4 s stop while it is hovered and while it holds the focus, and run on with what was left (${lng})`, async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] })
    const screen = await render(<Toaster />)
    toast("success", i18next.t("pix:pay.done"))
    const ok = screen.getByTestId("toast-success")
    await expect.element(ok).toBeVisible()
    await vi.advanceTimersByTimeAsync(1_000)
    // the pointer comes over it (React's mouseenter is made of mouseover from outside)
    ok.element().dispatchEvent(new MouseEvent("mouseover", { bubbles: true, relatedTarget: document.body }))
    await vi.advanceTimersByTimeAsync(30_000)
    await expect.element(ok).toBeVisible()
    ok.element().dispatchEvent(new MouseEvent("mouseout", { bubbles: true, relatedTarget: document.body }))
    // the focus on its close button holds it too
    const close = ok.getByRole("button", { name: tx.close }).element() as HTMLElement
    close.focus()
    expect(document.activeElement).toBe(close)
    await vi.advanceTimersByTimeAsync(30_000)
    await expect.element(ok).toBeVisible()
    close.blur()
    // 3 s were left when the pointer came
    await vi.advanceTimersByTimeAsync(TOAST_TIMEOUT_MS - 1_000 - 50)
    await expect.element(ok).toBeVisible()
    await vi.advanceTimersByTimeAsync(100)
    await expect.element(screen.getByTestId("toast-success")).not.toBeInTheDocument()
  })
})
