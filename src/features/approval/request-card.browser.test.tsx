/**
 * The approval request card (issue 32 item 3; spec features §6; D-approval-quorum) in Chromium, pt and en: the quorum
 * line — k of N, who approved and at what time, who is still awaited — for an approver and for the requester; the
 * requester is offered only Withdraw (no Approve), an approver Approve and Reject; no serious axe violation.
 */
import { afterEach, describe, expect, test, vi } from "vitest"
import { render } from "vitest-browser-react"
import { LOCALES, seriousAxeViolations, showLocale } from "../../../tests/support/browser-kit.ts"
import type { ApprovalRequestView } from "../../../workers/results.ts"
import { RequestCard } from "./request-card.tsx"

const request: ApprovalRequestView = {
  id: "r-1",
  wallet_id: "w-1",
  status: "started",
  amount: 250_000,
  payment: {
    key: "11222333000181",
    key_type: "cnpj",
    beneficiary_name: "Tech Soluções Ltda",
    beneficiary_document: "11222333000181",
    beneficiary_bank: "Banco Sandbox S.A.",
    description: "Equipamentos"
  },
  required_approvals: 3,
  // 14:02 in São Paulo
  approvals: [{ user_id: "u-carla", user_name: "Carla Mendes", decision: "approved", decided_at: "2026-11-27T17:02:00.000Z" }],
  awaiting: [
    { user_id: "u-diego", user_name: "Diego Ferreira" },
    { user_id: "u-helena", user_name: "Helena Castro" }
  ],
  requested_by: "u-ana",
  requested_by_name: "Ana Souza",
  operation_id: null,
  created_at: "2026-11-27T16:50:00.000Z",
  updated_at: "2026-11-27T17:02:00.000Z",
  expires_at: "2026-11-28T02:59:59.000Z"
}

const TEXTS = {
  pt: {
    quorum: "1 de 3 aprovações: Carla Mendes aprovou às 14:02; aguardando Diego Ferreira e Helena Castro",
    withdraw: "Retirar pedido",
    approve: "Aprovar"
  },
  en: {
    quorum: "1 of 3 approvals: Carla Mendes approved at 14:02; waiting for Diego Ferreira and Helena Castro",
    withdraw: "Withdraw request",
    approve: "Approve"
  }
} as const

const card = (meId: string, handlers: { onApprove?: () => void; onWithdraw?: () => void } = {}, roles = { canDecide: true, canWithdraw: true }) => (
  <ul>
    <li>
      <RequestCard
        request={request}
        selected={false}
        decision={null}
        command={undefined}
        canDecide={roles.canDecide}
        canWithdraw={roles.canWithdraw}
        meId={meId}
        onSelect={() => undefined}
        onApprove={handlers.onApprove ?? (() => undefined)}
        onReject={() => undefined}
        onWithdraw={handlers.onWithdraw ?? (() => undefined)}
      />
    </li>
  </ul>
)

afterEach(() => {
  vi.restoreAllMocks()
})

describe.each(LOCALES)("issue 32 item 3 the request card's quorum (%s)", (lng) => {
  test("issue 32 item 3 an approver sees who approved and who is awaited, and may approve", async () => {
    await showLocale(lng)
    const screen = await render(card("u-diego"))
    await expect.element(screen.getByTestId("approval-quorum")).toHaveTextContent(TEXTS[lng].quorum)
    await expect.element(screen.getByTestId("approval-approve")).toHaveTextContent(TEXTS[lng].approve)
    expect(screen.getByTestId("approval-withdraw").elements()).toHaveLength(0)
    expect(await seriousAxeViolations()).toEqual([])
  })

  test("issue 32 item 3 D-approval-quorum the requester sees the same quorum and is offered only Withdraw", async () => {
    await showLocale(lng)
    const onApprove = vi.fn()
    const onWithdraw = vi.fn()
    const screen = await render(card("u-ana", { onApprove, onWithdraw }))
    await expect.element(screen.getByTestId("approval-quorum")).toHaveTextContent(TEXTS[lng].quorum)
    expect(screen.getByTestId("approval-approve").elements()).toHaveLength(0)
    expect(screen.getByTestId("approval-reject").elements()).toHaveLength(0)
    await screen.getByTestId("approval-withdraw").click()
    expect(onWithdraw).toHaveBeenCalledTimes(1)
    expect(onApprove).not.toHaveBeenCalled()
    await expect.element(screen.getByTestId("approval-withdraw")).toHaveTextContent(TEXTS[lng].withdraw)
    expect(await seriousAxeViolations()).toEqual([])
  })

  test("issue 32 item 3 D-approval-quorum a CLIENT-only requester (no decision permission) sees the quorum and may only withdraw", async () => {
    await showLocale(lng)
    const onWithdraw = vi.fn()
    const screen = await render(card("u-ana", { onWithdraw }, { canDecide: false, canWithdraw: true }))
    await expect.element(screen.getByTestId("approval-quorum")).toHaveTextContent(TEXTS[lng].quorum)
    expect(screen.getByTestId("approval-approve").elements()).toHaveLength(0)
    await screen.getByTestId("approval-withdraw").click()
    expect(onWithdraw).toHaveBeenCalledTimes(1)
    // another's request, to a member who may not decide: nothing to press
    const other = await render(card("u-helena", {}, { canDecide: false, canWithdraw: true }))
    expect(other.getByTestId("approval-approve").elements()).toHaveLength(0)
    expect(other.getByTestId("approval-reject").elements()).toHaveLength(0)
  })
})
