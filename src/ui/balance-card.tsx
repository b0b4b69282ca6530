/**
 * Balance card (spec core §2.4): label 'BALANCE' plus the symbol, the amount (or '*****' when
 * hidden), for BRL a 'BLOCKED: R$ value' tag, a pending mark for unconfirmed effects, and an
 * optional overflow menu (the Convert entry) supplied by the owner.
 */
import type { ReactNode } from "react"
import { Badge } from "./badge.tsx"
import * as s from "./balance-card.css.ts"

export interface BalanceCardProps {
  readonly label: string
  readonly amount: string
  readonly blocked?: string | undefined
  readonly pending?: string | undefined
  readonly menu?: ReactNode
  readonly testId?: string
}

export function BalanceCard({ label, amount, blocked, pending, menu, testId }: BalanceCardProps) {
  return (
    <div className={s.card} data-testid={testId}>
      <div className={s.top}>
        <span className={s.label}>{label}</span>
        {menu}
      </div>
      <span className={s.value} data-testid={testId ? `${testId}-amount` : undefined}>
        {amount}
      </span>
      {blocked || pending ? (
        <span className={s.tags}>
          {blocked ? <Badge tone="warning">{blocked}</Badge> : null}
          {pending ? <Badge tone="info">{pending}</Badge> : null}
        </span>
      ) : null}
    </div>
  )
}
