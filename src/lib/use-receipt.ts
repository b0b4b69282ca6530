/**
 * The receipt of a money movement for the views (issue 31 item 1; features §7 statements and
 * receipts, §9 "polls … the receipt download every 2 seconds"): the statement row a command made
 * (its transaction_uuid; the pending row until the synced one arrives, C7), the server's receipt of a
 * synced row — a Pix row asks the Pix receipt by operation; any other row asks the operation's
 * receipt and, when none exists yet (404), generates it and polls every 2 s while it is PENDING — and
 * the receipt model (schema/receipt.ts) made of both with the wallet and the signed-in user. Until the
 * server's authentication code arrives (pending row, offline, still generating) the model is a local copy.
 */
import { useEffect, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import { EngineError, getEngine, useLiveQuery } from "../../workers/client.ts"
import type { Receipt } from "../../schema/entities.ts"
import { receiptFromRow, receiptRowsOf, type ReceiptContext, type ReceiptModel, type ReceiptRow } from "../../schema/receipt.ts"
import { useAppState } from "./app-state.ts"
import { errorI18nKey } from "./errors.ts"

/** features §9: receipt download polling every 2000 ms. */
export const RECEIPT_POLL_MS = 2_000

/** A row a receipt is made from: the model's fields plus where it lives. */
export type ReceiptSourceRow = ReceiptRow & { readonly wallet_id: string; readonly transaction_uuid: string | null }

export type ServerReceiptState =
  | { readonly phase: "loading" }
  | { readonly phase: "pending" }
  | { readonly phase: "ready"; readonly receipt: Receipt }
  | { readonly phase: "error"; readonly key: string }
  /** A pending row: nothing to ask the server yet. */
  | { readonly phase: "local" }

const isPix = (type: string): boolean => type === "PIX_IN" || type === "PIX_OUT"
const notFound = (e: unknown): boolean => e instanceof EngineError && (e.status === 404 || e.key === "NOT_FOUND")

/** The server's receipt of a row (its authentication code), polled every 2 s while it is generated. */
export function useServerReceipt(row: Pick<ReceiptSourceRow, "wallet_id" | "operation_id" | "type" | "pending"> | null): ServerReceiptState {
  const [state, setState] = useState<ServerReceiptState>({ phase: "loading" })
  const walletId = row?.wallet_id ?? null
  const operationId = row?.operation_id ?? null
  const type = row?.type ?? ""
  const local = row?.pending === true
  useEffect(() => {
    if (walletId === null || operationId === null) return undefined
    if (local) {
      setState({ phase: "local" })
      return undefined
    }
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    const engine = getEngine()
    const args = { walletId, params: { id: operationId } }
    const fail = (e: unknown): void => {
      if (live) setState({ phase: "error", key: errorI18nKey(e) })
    }
    const settle = (r: Receipt): void => {
      if (!live) return
      if (r.status === "READY") setState({ phase: "ready", receipt: r })
      else if (r.status === "PENDING") {
        setState({ phase: "pending" })
        timer = setTimeout(() => {
          engine.call("receipt", args).then((x) => settle(x.data), fail)
        }, RECEIPT_POLL_MS)
      } else setState({ phase: "error", key: "errors:UNABLE_TO_GET_DATA" })
    }
    setState({ phase: "loading" })
    if (isPix(type)) engine.call("pixReceipt", args).then((x) => settle(x.data), fail)
    else {
      engine.call("receipt", args).then(
        (x) => settle(x.data),
        (e: unknown) => {
          if (!notFound(e)) return fail(e)
          return engine.call("receiptGenerate", args).then((x) => settle(x.data), fail)
        }
      )
    }
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [walletId, operationId, type, local])
  return state
}

/** How many of the wallet's newest rows are searched for a command's rows (it has just been made). */
const RECENT_ROWS = 50

/** The statement rows a command made (synced, or pending while it is open) and, for a conversion, its other leg. */
export function useCommandReceiptRow(
  walletId: string | null | undefined,
  commandId: string | null | undefined
): { readonly row: ReceiptSourceRow; readonly received: { readonly amount: number; readonly currency: string } | null } | null {
  const rows = useLiveQuery(
    walletId && commandId
      ? { kind: "statements", query: { walletIds: [walletId], sort: { by: "created_at", dir: "desc" }, offset: 0, limit: RECENT_ROWS } }
      : null
  )
  return useMemo(() => (rows && commandId ? receiptRowsOf(rows.rows, commandId) : null), [rows, commandId])
}

/**
 * A Pix row's details the account statement does not carry — the other side's participant and the key the payment
 * named — from the synced Pix statement (schema/tables/pix-statement.ts), the same operation: for a Pix sent the key
 * is the receiver's, for a Pix received it is ours.
 */
function usePixDetails(row: ReceiptSourceRow | null): { readonly institution: string; readonly key: string } | null {
  const pix = row !== null && row.pending !== true && (row.type === "PIX_IN" || row.type === "PIX_OUT" || (row.type === "REFUND" && row.end_to_end_id !== null))
  const found = useLiveQuery(
    pix && row ? { kind: "table", table: "pix_statement", query: { walletIds: [row.wallet_id], text: row.operation_id, offset: 0, limit: 5 } } : null
  )
  const operationId = row?.operation_id
  return useMemo(() => {
    const r = found?.rows.find((x) => x.operation_id === operationId)
    const text = (v: unknown): string => (typeof v === "string" ? v : "")
    return r ? { institution: text(r.counterparty_bank), key: text(r.key) } : null
  }, [found, operationId])
}

/** What a flow knows of the movement besides its row (ReceiptContext minus what this hook fills in). */
export type ReceiptExtra = Pick<ReceiptContext, "counterparty" | "kind" | "received">

/** The receipt model of a row, with the server's authentication code once it arrives. */
export function useReceiptModel(
  row: ReceiptSourceRow | null,
  extra: ReceiptExtra = {}
): { readonly model: ReceiptModel | null; readonly server: ServerReceiptState } {
  const { t } = useTranslation()
  const server = useServerReceipt(row)
  const pix = usePixDetails(row)
  const wallets = useAppState((s) => s.wallets)
  const profile = useAppState((s) => s.profile)
  // what the flow said wins; the Pix statement fills what it did not say
  const out = row?.direction === "out"
  const institution = extra.counterparty?.institution || pix?.institution
  const account = extra.counterparty?.account || (out ? pix?.key : undefined)
  const ownAccount = out ? undefined : pix?.key
  const kind = extra.kind
  const received = extra.received
  const model = useMemo(() => {
    if (row === null) return null
    const wallet = wallets?.find((w) => w.id === row.wallet_id)
    const authentication = server.phase === "ready" ? (server.receipt.authentication ?? null) : null
    return receiptFromRow(row, {
      wallet: { name: wallet?.name ?? "", owner_name: wallet?.owner_name ?? profile?.full_name ?? "" },
      ...(profile && wallet && wallet.owner_id === profile.id ? { ownerDocument: profile.document } : {}),
      ownInstitution: t("receipt:ownInstitution"),
      counterparty: { ...(institution ? { institution } : {}), ...(account ? { account } : {}) },
      ...(ownAccount ? { ownAccount } : {}),
      ...(kind ? { kind } : {}),
      received: received ?? null,
      authentication
    })
  }, [row, wallets, profile, server, t, institution, account, ownAccount, kind, received])
  return { model, server }
}
