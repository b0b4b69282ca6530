/**
 * Grouped totals of a table projection (sync/SPEC.md PJ; features §2 statements "group by day,
 * type, wallet, counterparty"; the gateway dashboard's "code" groups): which group a query asks,
 * and the groups the scan counted (QueryBuffers' per-group arrays) turned into the answer's list,
 * ordered like the rows — by where each group's first row appears in the sorted result.
 * Counterparty groups are keyed by document (by name when the document is empty), with the name
 * as `label`. The key of each kind of group is also the pivot's (table-pivot.ts, issue 32 item 4).
 */
import { spDayKey } from "../../schema/sao-paulo-time.ts"
import type { QueryBuffers } from "./query-buffers.ts"
import type { TableStore } from "./table-store.ts"
import type { GroupTotals, TableGroupBy, TableSort } from "./table-types.ts"

export const enum GroupMode {
  None = 0,
  Day = 1,
  Type = 2,
  Wallet = 3,
  Counterparty = 4,
  Code = 5
}

export function groupMode(g: TableGroupBy | undefined): GroupMode {
  switch (g) {
    case "day":
      return GroupMode.Day
    case "type":
      return GroupMode.Type
    case "wallet":
      return GroupMode.Wallet
    case "counterparty":
      return GroupMode.Counterparty
    case "code":
      return GroupMode.Code
    default:
      return GroupMode.None
  }
}

/** The groups the last scan counted, in the result's order; `any`: the scan matched some row. */
export function collectGroups(s: TableStore, bufs: QueryBuffers, gm: GroupMode, sort: TableSort, any: boolean): GroupTotals[] {
  if (!any) return []
  const used: number[] = []
  for (let g = 0; g < bufs.groupSpace; g++) if ((bufs.gCount[g] as number) > 0) used.push(g)
  const first = bufs.gFirst
  const sign = sort.dir === "asc" ? 1 : -1
  const cmp = sort.by === "amount" ? (a: number, b: number) => s.compareAmount(a, b) : (a: number, b: number) => s.compareDate(a, b)
  used.sort((x, y) => sign * cmp(first[x] as number, first[y] as number))
  return used.map((g) => {
    const base = { count: bufs.gCount[g] as number, sumIn: bufs.gIn[g] as number, sumOut: bufs.gOut[g] as number }
    if (gm === GroupMode.Day) return { key: spDayKey(bufs.dayBase + g), ...base }
    if (gm === GroupMode.Counterparty) return { ...counterpartyGroup(s, g, first[g] as number), ...base }
    return { key: groupKey(s, gm, g), ...base }
  })
}

/** The key of group `g` of a type, wallet or code grouping (also the pivot's, table-pivot.ts). */
export function groupKey(s: TableStore, gm: GroupMode, g: number): string {
  switch (gm) {
    case GroupMode.Type:
      return s.b.typeLiterals[g] as string
    case GroupMode.Wallet:
      return s.wallets.value(g)
    case GroupMode.Code:
      return s.b.table.layout.enums.map((e) => e.literals[(g >> e.shift) & e.mask] as string).join("|")
    default:
      return String(g)
  }
}

/**
 * A counterparty group (also the pivot's rows, table-pivot.ts): `g` below the documents' count is a
 * document, keyed by it and labelled with the name of `row` (one of its rows); past it, a name alone
 * (rows without a document), keyed and labelled by the name.
 */
export function counterpartyGroup(s: TableStore, g: number, row = -1): { key: string; label: string } {
  const docCount = s.documents.size
  if (g < docCount) return { key: s.documents.value(g), label: row >= 0 ? s.names.value(s.cpName[row] as number) : "" }
  const name = s.names.value(g - docCount)
  return { key: name, label: name }
}
