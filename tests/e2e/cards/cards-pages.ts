/**
 * Helpers of the cards suite (spec features §2 cards): a seeded user signed in, in a browser
 * context of their own, on their own default wallet (cards live only there, core §2.2); the
 * cards pages; the sandbox's view of the plastic (number, state, how often each action hit the
 * card) and the card processor's admin purchase.
 */
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test"
import { Sandbox } from "../pages/sandbox.ts"
import { signInToHome } from "../pages/sign-in.ts"
import type { Shell } from "../pages/shell.ts"

export { Sandbox }
export const CARDS = "/banking/cards"

export async function openCards(
  browser: Browser,
  baseURL: string,
  email: string,
  walletKey: string
): Promise<{ context: BrowserContext; page: Page; shell: Shell; walletId: string }> {
  const walletId = await new Sandbox(baseURL).walletId(walletKey)
  const context = await browser.newContext({ baseURL, locale: "pt-BR", timezoneId: "America/Sao_Paulo", viewport: { width: 1280, height: 900 } })
  await context.addInitScript((id) => {
    if (localStorage.getItem("pref:walletToken") === null) localStorage.setItem("pref:walletToken", id)
  }, walletId)
  const page = await context.newPage()
  const { shell } = await signInToHome(page, email)
  return { context, page, shell, walletId }
}

export interface PlasticCard {
  readonly id: string
  readonly status: string
  readonly virtual: boolean
  readonly number: string
  readonly replaced_by: string | null
  readonly events: Readonly<Record<string, number>>
}

export async function plastic(baseURL: string, walletId: string): Promise<ReadonlyArray<PlasticCard>> {
  return (await new Sandbox(baseURL).client.admin("cardsOf", { query: { wallet_id: walletId } })).data
}

export async function purchase(baseURL: string, cardId: string, amount: number, merchant: string): Promise<{ status: string }> {
  return (await new Sandbox(baseURL).client.admin("cardPurchase", { body: { card_id: cardId, amount, merchant } })).data
}

export async function faults(baseURL: string, body: Record<string, unknown>): Promise<void> {
  const r = await fetch(`${baseURL}/__admin/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
  expect(r.status).toBe(200)
}
export async function resetFaults(baseURL: string): Promise<void> {
  const r = await fetch(`${baseURL}/__admin/reset-faults`, { method: "POST" })
  expect(r.status).toBe(200)
}

/** The card page's state tag. */
export const stateOf = (page: Page) => page.getByTestId("card-detail").getByTestId("card-state")
