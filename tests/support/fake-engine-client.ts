/**
 * A fake of the view half of workers/client.ts for the browser component tests: the engine's live
 * queries answered from what the test set, PIN answers and command submissions recorded. Only type
 * imports of our code (a test swaps workers/client.ts for it, so it must not load that module):
 *   vi.mock("<path>/workers/client.ts", async (orig) => ({
 *     ...(await orig<typeof import("<path>/workers/client.ts")>()),
 *     ...(await import("<path>/tests/support/fake-engine-client.ts")).fakeClient
 *   }))
 * then `fakeEngine.answer("pinAsks", [...])`.
 */
import { useSyncExternalStore } from "react"
import type { LiveQuery } from "../../workers/protocol.ts"
import type { ResultOf } from "../../workers/results.ts"
import type { CommandBody, ListName, ListRow, PinAnswer } from "../../workers/client.ts"

type Answer = unknown | ((q: LiveQuery) => unknown)
const keyOf = (q: LiveQuery): string => (q.kind === "list" ? `list:${q.list}` : q.kind === "table" ? `table:${q.table}` : q.kind)

/** A fake engine: live queries answered from what the test set, PIN answers and submissions recorded. */
class FakeEngine {
  private answers = new Map<string, Answer>()
  private listeners = new Set<() => void>()
  private version = 0
  /** Every PIN answer given (`answerPin`), in order. */
  readonly pinAnswers: Array<{ readonly commandId: string; readonly answer: PinAnswer }> = []
  /** Every command submitted, in order; `submit` resolves with `cmd-<n>`. */
  readonly submitted: Array<{ readonly walletId: string; readonly body: CommandBody }> = []
  /** Every window asked by a table's live query. */
  readonly asked: LiveQuery[] = []
  /** Every saved analysis view written, and every id deleted (issue 32 item 4). */
  readonly savedViews: unknown[] = []
  readonly deletedViews: string[] = []

  /** Answer live queries of `kind` (a list: "list:<name>", a table: "table:<name>") with a value or a function of the query. */
  answer(kind: string, value: Answer): void {
    this.answers.set(kind, value)
    this.bump()
  }
  reset(): void {
    this.answers.clear()
    this.pinAnswers.length = 0
    this.submitted.length = 0
    this.asked.length = 0
    this.savedViews.length = 0
    this.deletedViews.length = 0
    this.bump()
  }

  value(q: LiveQuery): unknown {
    const a = this.answers.get(keyOf(q))
    return typeof a === "function" ? (a as (q: LiveQuery) => unknown)(q) : a
  }
  subscribe(l: () => void): () => void {
    this.listeners.add(l)
    return () => {
      this.listeners.delete(l)
    }
  }
  snapshot(): number {
    return this.version
  }
  private bump(): void {
    this.version++
    for (const l of this.listeners) l()
  }

  // the EngineClient methods the tested views call
  answerPin(commandId: string, answer: PinAnswer): void {
    this.pinAnswers.push({ commandId, answer })
  }
  submit(walletId: string, body: CommandBody): Promise<string> {
    this.submitted.push({ walletId, body })
    return Promise.resolve(`cmd-${this.submitted.length}`)
  }
  /** The requests of sync/requests.ts the tested views call through the derived client (`getEngine().rpc`). */
  readonly rpc = {
    saveView: ({ view }: { readonly view: unknown }): Promise<void> => {
      this.savedViews.push(view)
      return Promise.resolve()
    },
    deleteView: ({ id }: { readonly id: string }): Promise<void> => {
      this.deletedViews.push(id)
      return Promise.resolve()
    }
  }
  setLocale(): void {
    /* the header of core §7: nothing to send here */
  }
}

export const fakeEngine = new FakeEngine()

function useFakeLiveQuery<Q extends LiveQuery>(query: Q | null): ResultOf<Q> | undefined {
  useSyncExternalStore(
    (l) => fakeEngine.subscribe(l),
    () => fakeEngine.snapshot()
  )
  if (query === null) return undefined
  if (query.kind === "table") fakeEngine.asked.push(query)
  return fakeEngine.value(query) as ResultOf<Q> | undefined
}

/** A query kept live without its answers read (a table's reserve, the window without the text): recorded as asked. */
function useFakeKeptLive(query: LiveQuery | null): void {
  if (query !== null && query.kind === "table") fakeEngine.asked.push(query)
}

/** What replaces the exports of workers/client.ts that the views call. */
export const fakeClient = {
  getEngine: () => fakeEngine,
  useLiveQuery: useFakeLiveQuery,
  useKeptLive: useFakeKeptLive,
  useList: <L extends ListName>(list: L, walletId?: string | null): ReadonlyArray<ListRow<L>> | undefined =>
    useFakeLiveQuery(walletId === null ? null : ({ kind: "list", list, ...(walletId === undefined ? {} : { walletId }) } as LiveQuery)) as
      ReadonlyArray<ListRow<L>> | undefined,
  submitCommand: (walletId: string, body: CommandBody): Promise<string> => fakeEngine.submit(walletId, body)
}
