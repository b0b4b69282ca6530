/**
 * MED's pages as a user goes through them, in Chromium (issue 32 item 1; D-pix-med): the contest form (the Pix shown,
 * no reason or an emoji refused before anything is sent and what was typed kept, a reason sends one command) and the
 * contests list (a payer's accepted and refused contests with what came back or why, a receiver's open one with its
 * block and the defence form), with a fake engine, in pt and en; axe without serious violations.
 */
import { MemoryRouter, Route, Routes } from "react-router"
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { userEvent } from "vitest/browser"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import { fakeEngine } from "../../../tests/support/fake-engine-client.ts"
import type { Wallet } from "../../../schema/entities.ts"
import type { PixMedContest } from "../../../schema/pix-med.ts"
import { appStore } from "../../lib/app-state.ts"
import { MedContests, MedOpen } from "./med.tsx"

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

const contest = (o: Partial<PixMedContest>): PixMedContest => ({
  id: "k-1",
  end_to_end_id: "E99999999202603141200abcdefghijk",
  role: "payer",
  reason: "fraud",
  description: "",
  status: "under_analysis",
  amount: 12_345,
  blocked_amount: 12_345,
  returned_amount: 0,
  refusal_reason: null,
  defence: null,
  defence_at: null,
  payer_name: "Ana Souza",
  receiver_name: "Bruno Lima",
  paid_at: "2026-03-14T12:00:00.000Z",
  created_at: "2026-03-14T13:00:00.000Z",
  updated_at: "2026-03-14T13:00:00.000Z",
  deadline: "2026-03-21T13:00:00.000Z",
  decided_at: null,
  devolution_end_to_end_id: null,
  ...o
})

const TEXTS = {
  pt: {
    title: "Contestar um Pix (MED)",
    submit: "Contestar Pix",
    noReason: "Escolha o motivo da contestação.",
    description: "Descrição",
    badText: "Use até 140 caracteres, sem emojis.",
    accepted: "Aceita",
    refused: "Recusada",
    underAnalysis: "Em análise",
    returned: "R$ 123,45",
    blocked: "R$ 50,00",
    refusal: "O recebedor apresentou defesa e a instituição dele manteve o pagamento.",
    defence: "Sua defesa",
    sendDefence: "Enviar defesa",
    defenceRequired: "Escreva sua defesa."
  },
  en: {
    title: "Contest a Pix (MED)",
    submit: "Contest this Pix",
    noReason: "Choose the reason for the contest.",
    description: "Description",
    badText: "Use up to 140 characters, no emoji.",
    accepted: "Accepted",
    refused: "Refused",
    underAnalysis: "Under analysis",
    returned: "R$123.45",
    blocked: "R$50.00",
    refusal: "The receiver sent a defence and their institution kept the payment.",
    defence: "Your defence",
    sendDefence: "Send defence",
    defenceRequired: "Write your defence."
  }
} as const

const E2E = "E99999999202603141200abcdefghijk"

beforeEach(() => {
  fakeEngine.reset()
  appStore.set({ wallets: [WALLET], walletId: WALLET.id })
  fakeEngine.answer("commands", [])
  fakeEngine.answer("list:pix_med_contests", [])
})
afterEach(() => {
  fakeEngine.reset()
  appStore.set({ wallets: null, walletId: null })
})

describe.each(LOCALES)("MED pages (%s)", (lng) => {
  const tx = TEXTS[lng]
  beforeEach(async () => {
    await showLocale(lng)
  })

  test(`issue 32 item 1 bad input in ${lng}: no reason or an emoji is refused before anything is sent, keeping the text; a reason sends one v1.pixMed.open`, async () => {
    const screen = await render(
      <MemoryRouter initialEntries={[`/banking/pix/med/new?e2e=${E2E}&amount=12345&name=Bruno%20Lima&at=2026-03-14T12:00:00.000Z`]}>
        <Routes>
          <Route path="/banking/pix/med/new" element={<MedOpen />} />
        </Routes>
      </MemoryRouter>
    )
    await expect.element(screen.getByRole("heading", { name: tx.title })).toBeVisible()
    await expect.element(screen.getByText("Bruno Lima")).toBeVisible()
    await userEvent.fill(screen.getByLabelText(tx.description), "golpe 😡")
    await userEvent.click(screen.getByRole("button", { name: tx.submit }))
    await expect.element(screen.getByText(tx.noReason)).toBeVisible()
    await expect.element(screen.getByText(tx.badText)).toBeVisible()
    await expect.element(screen.getByLabelText(tx.description)).toHaveValue("golpe 😡")
    expect(fakeEngine.submitted).toEqual([])
    expect(await seriousAxeViolations()).toEqual([])
    await userEvent.fill(screen.getByLabelText(tx.description), "o produto nunca chegou")
    await userEvent.selectOptions(screen.getByRole("combobox"), "scam")
    await userEvent.click(screen.getByRole("button", { name: tx.submit }))
    await expect.poll(() => fakeEngine.submitted.length).toBe(1)
    expect(fakeEngine.submitted[0]?.body).toEqual({
      name: "v1.pixMed.open",
      payload: {
        end_to_end_id: E2E,
        reason: "scam",
        description: "o produto nunca chegou",
        amount: 12_345,
        receiver_name: "Bruno Lima",
        paid_at: "2026-03-14T12:00:00.000Z"
      }
    })
  })

  test(`issue 32 item 1 in ${lng}: the contests — accepted with what came back, refused with why, a received one under analysis with its block and the defence (empty refused)`, async () => {
    fakeEngine.answer("list:pix_med_contests", [
      contest({ id: "a", status: "accepted", returned_amount: 12_345, end_to_end_id: "E1" }),
      contest({ id: "r", status: "refused", refusal_reason: "receiver_defence", reason: "operational_failure", end_to_end_id: "E2" }),
      contest({ id: "o", role: "receiver", end_to_end_id: "E3", blocked_amount: 5_000 })
    ])
    const screen = await render(
      <MemoryRouter>
        <MedContests />
      </MemoryRouter>
    )
    await expect.element(screen.getByText(tx.refusal)).toBeVisible()
    const status = (id: string): string | null | undefined => document.querySelector(`[data-id="${id}"] [data-testid=med-contest-status]`)?.textContent
    expect(document.querySelectorAll("[data-testid=med-contest]")).toHaveLength(3)
    expect([status("a"), status("r"), status("o")]).toEqual([tx.accepted, tx.refused, tx.underAnalysis])
    expect(document.querySelector('[data-id="o"] [data-testid=med-contest-blocked]')?.textContent).toBe(tx.blocked)
    expect(document.querySelector('[data-id="a"] [data-testid=med-contest-returned]')?.textContent).toBe(tx.returned)
    expect(document.querySelectorAll("[data-testid=med-defence-form]")).toHaveLength(1)
    await userEvent.click(screen.getByRole("button", { name: tx.sendDefence }))
    await expect.element(screen.getByText(tx.defenceRequired)).toBeVisible()
    expect(fakeEngine.submitted).toEqual([])
    await userEvent.fill(screen.getByLabelText(tx.defence), "entreguei o produto")
    await userEvent.click(screen.getByRole("button", { name: tx.sendDefence }))
    await expect
      .poll(() => fakeEngine.submitted.map((s) => s.body))
      .toEqual([{ name: "v1.pixMed.defence", payload: { contest_id: "o", defence: "entreguei o produto" } }])
    expect(await seriousAxeViolations()).toEqual([])
  })
})
