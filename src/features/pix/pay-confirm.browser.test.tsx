/**
 * Confirm-and-pay as the user goes through it, in Chromium (spec features §2 pay by key: amount and
 * message, checks before the PIN, the confirm dialog, then the PIN prompt and the result; DESIGN
 * "Commands"; core §2.4 confirmation dialog): PayConfirm and the app's PinPrompt together, with a fake
 * engine (wallet balance, no limits, the commands and PIN asks live queries) in pt and en.
 */
import { MemoryRouter } from "react-router"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { userEvent } from "vitest/browser"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { fakeEngine } from "../../../tests/support/fake-engine-client.ts"
import type { Wallet } from "../../../schema/entities.ts"
import { appStore } from "../../lib/app-state.ts"
import { PinPrompt } from "../../ui/pin-prompt.tsx"
import { PayConfirm } from "./pay-confirm.tsx"

vi.mock("../../../workers/client.ts", async (orig) => ({
  ...(await orig<typeof import("../../../workers/client.ts")>()),
  ...(await import("../../../tests/support/fake-engine-client.ts")).fakeClient
}))

const WALLET: Wallet = {
  id: "w-1",
  name: "Conta",
  owner_name: "Ana",
  owner_id: "u-owner",
  default: true,
  permission_types: [],
  is_matrix: false,
  branches: [],
  created_at: "2025-01-01T00:00:00.000Z",
  updated_at: "2025-01-01T00:00:00.000Z"
}
const BENEFICIARY = { name: "Maria Souza", document: "***.456.789-**", rows: [] } as const

const TEXTS = {
  pt: {
    amount: "Valor",
    message: "Mensagem (opcional)",
    review: "Revisar pagamento",
    receiver: "Quem recebe",
    available: "Disponível: R$ 1.000,00",
    overBalance: "1.000,01",
    canonical25: "25,00",
    required: "Informe um valor maior que zero.",
    balance: "Saldo insuficiente.",
    title: "Confirmar Pix",
    text: "Enviar R$ 25,00 para Maria Souza?",
    pay: "Pagar",
    cancel: "Cancelar",
    awaiting: "Confirme com seu PIN para enviar o Pix.",
    pin: "Confirme com seu PIN",
    done: "Pix enviado",
    doneText: "R$ 25,00 para Maria Souza.",
    refused: "Pix não enviado",
    wrongPin: "PIN incorreto."
  },
  en: {
    amount: "Amount",
    message: "Message (optional)",
    review: "Review payment",
    receiver: "Receiver",
    available: "Available: R$1,000.00",
    overBalance: "1,000.01",
    canonical25: "25.00",
    required: "Enter an amount above zero.",
    balance: "Insufficient balance.",
    title: "Confirm Pix",
    text: "Send R$25.00 to Maria Souza?",
    pay: "Pay",
    cancel: "Cancel",
    awaiting: "Confirm with your PIN to send the Pix.",
    pin: "Confirm with your PIN",
    done: "Pix sent",
    doneText: "R$25.00 to Maria Souza.",
    refused: "Pix not sent",
    wrongPin: "Incorrect PIN."
  }
} as const

const command = (state: string, extra: Record<string, unknown> = {}) => ({
  id: "cmd-1",
  wallet_id: "w-1",
  body: { name: "v1.pix.send", payload: {} },
  state,
  created_at: "2025-03-14T12:00:00.000Z",
  ...extra
})

function Flow() {
  return (
    <MemoryRouter initialEntries={["/banking/pix/pay"]}>
      <PayConfirm
        head={null}
        beneficiary={BENEFICIARY}
        onAgain={() => undefined}
        command={(amount, description) => ({ body: { name: "v1.pix.send", payload: { amount, description } } as never })}
      />
      <PinPrompt />
    </MemoryRouter>
  )
}

beforeEach(() => {
  fakeEngine.reset()
  appStore.set({ wallets: [WALLET], walletId: WALLET.id })
  fakeEngine.answer("walletAccounts", [
    {
      id: "a-1",
      wallet_id: "w-1",
      currency_symbol: "BRL",
      currency_id: 1,
      currency_decimal: 2,
      balance: 100_000,
      updated_at: "2025-03-14T12:00:00.000Z",
      pendingDelta: 0
    }
  ])
  fakeEngine.answer("list:pix_limits", [])
  fakeEngine.answer("commands", [])
  fakeEngine.answer("pinAsks", [])
})
afterEach(() => {
  fakeEngine.reset()
  appStore.set({ wallets: null, walletId: null })
})

describe.each(LOCALES)("confirm and pay (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`features §2 pay by key: the amount form in ${lng} (who receives, the available balance as hint); no amount or more than the balance gives the message before any PIN, keeping what was typed`, async () => {
    const screen = await render(<Flow />)
    await expect.element(screen.getByText(tx.receiver)).toBeVisible()
    await expect.element(screen.getByText("Maria Souza")).toBeVisible()
    const amount = screen.getByLabelText(tx.amount)
    await expect.element(amount).toHaveAccessibleDescription(tx.available)
    await screen.getByRole("button", { name: tx.review }).click()
    await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.required)
    await amount.fill(tx.overBalance) // issue 31 item 3: in the language on screen
    await screen.getByLabelText(tx.message).fill("aluguel")
    await userEvent.keyboard("{Enter}")
    await expect.element(screen.getByRole("alert")).toHaveTextContent(tx.balance)
    await expect.element(amount).toHaveValue(tx.overBalance)
    await expect.element(screen.getByLabelText(tx.message)).toHaveValue("aluguel")
    await expect.element(screen.getByRole("alertdialog")).not.toBeInTheDocument()
    expect(fakeEngine.submitted).toEqual([])
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`features §2 and core §2.4: a valid amount opens the confirm dialog in ${lng} (title, amount and receiver); Cancel sends nothing and keeps the form; Pay submits the command once`, async () => {
    const screen = await render(<Flow />)
    await screen.getByLabelText(tx.amount).fill("25")
    await screen.getByRole("button", { name: tx.review }).click()
    const dialog = screen.getByRole("alertdialog", { name: tx.title })
    await expect.element(dialog).toHaveAccessibleDescription(tx.text)
    await expect.element(dialog.getByRole("button", { name: tx.cancel })).toHaveFocus()
    expect(await seriousAxeViolations()).toEqual([])
    await userEvent.keyboard("{Escape}")
    await expect.element(screen.getByRole("alertdialog")).not.toBeInTheDocument()
    expect(fakeEngine.submitted).toEqual([])
    await expect.element(screen.getByLabelText(tx.amount)).toHaveValue(tx.canonical25)
    await screen.getByRole("button", { name: tx.review }).click()
    await screen.getByRole("button", { name: tx.pay }).click()
    await expect.poll(() => fakeEngine.submitted.length).toBe(1)
    expect(fakeEngine.submitted[0]).toEqual({ walletId: "w-1", body: { name: "v1.pix.send", payload: { amount: 2500, description: "" } } })
  })

  test(`DESIGN "Commands": after Pay the command asks for the PIN in ${lng}; a wrong PIN is said in the prompt; the right one confirms and the receipt says how much went to whom`, async () => {
    const screen = await render(<Flow />)
    await screen.getByLabelText(tx.amount).fill("25")
    await screen.getByRole("button", { name: tx.review }).click()
    await screen.getByRole("button", { name: tx.pay }).click()
    await expect.poll(() => fakeEngine.submitted.length).toBe(1)
    // the engine: the command waits for its PIN
    fakeEngine.answer("commands", [command("awaiting-pin")])
    fakeEngine.answer("pinAsks", [{ seq: 1, commandId: "cmd-1", name: "v1.pix.send" }])
    await expect.element(screen.getByText(tx.awaiting)).toBeVisible()
    const prompt = screen.getByRole("dialog", { name: tx.pin })
    await expect.element(prompt).toBeVisible()
    await userEvent.keyboard("9999{Enter}")
    await expect.poll(() => fakeEngine.pinAnswers).toEqual([{ commandId: "cmd-1", answer: { pin: "9999" } }])
    fakeEngine.answer("pinAsks", [{ seq: 2, commandId: "cmd-1", name: "v1.pix.send", lastErrorKey: "INCORRECT_PIN" }])
    await expect.element(screen.getByRole("dialog", { name: tx.pin }).getByRole("alert")).toHaveTextContent(tx.wrongPin)
    await screen.getByLabelText("PIN", { exact: true }).fill("1234")
    await userEvent.keyboard("{Enter}")
    await expect.poll(() => fakeEngine.pinAnswers.at(-1)).toEqual({ commandId: "cmd-1", answer: { pin: "1234" } })
    fakeEngine.answer("pinAsks", [])
    fakeEngine.answer("commands", [command("confirmed")])
    const result = screen.getByTestId("pix-pay-result")
    await expect.element(result).toHaveAttribute("data-state", "confirmed")
    await expect.element(result.getByRole("heading", { name: tx.done })).toBeVisible()
    await expect.element(result).toHaveTextContent(tx.doneText)
    expect(await seriousAxeViolations()).toEqual([])
  })

  test(`features §2 refusal: a refused command shows "not sent" and the server's reason in ${lng}`, async () => {
    const screen = await render(<Flow />)
    await screen.getByLabelText(tx.amount).fill("25")
    await screen.getByRole("button", { name: tx.review }).click()
    await screen.getByRole("button", { name: tx.pay }).click()
    await expect.poll(() => fakeEngine.submitted.length).toBe(1)
    fakeEngine.answer("commands", [command("rejected", { error_key: "INSUFFICIENT_BALANCE" })])
    await expect.element(screen.getByRole("heading", { name: tx.refused })).toBeVisible()
    await expect.element(screen.getByTestId("pix-pay-error")).toHaveTextContent(tx.balance)
  })
})
