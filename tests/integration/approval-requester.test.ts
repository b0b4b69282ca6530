/**
 * A requester who is not an approver sees their own request's quorum (issue 32 item 3 "in the requester's view of the
 * payment and in history, moving live"; spec features §2 approval/requests, §6 "a request needs the set number of
 * approvers"; D-approval-quorum): Helena, CLIENT only on Ana's wallet, pays above the rule's minimum; the queue answers
 * her the requests she made and no one else's, the stream brings her own request's quorum to her and never another's,
 * her engine keeps the list live, and she may withdraw her request (a reproval) but never approve it. The approvers
 * still read every request; a member who cannot read another's request cannot reprove it either.
 */
import { describe, expect, it } from "vitest"
import { eventVisibleTo } from "../../sandbox/areas/stream/routes.ts"
import type { ApprovalRequest } from "../../schema/entities.ts"
import { makeEngine, signIn, until } from "../support/engine-helpers.ts"
import { sandboxForFile } from "../support/sandbox-per-file.ts"
import { SandboxClient, type Session } from "../support/sandbox-client.ts"

const file = sandboxForFile()
const W = () => file.sandbox.admin.seedInfo()!.wallets
const brl = (walletId: string): number => file.sandbox.admin.ledger(walletId).balances.find((b) => b.currency_symbol === "BRL")!.balance
const names = (r: Pick<ApprovalRequest, "awaiting">): string[] => (r.awaiting ?? []).map((a) => a.user_name)

interface EventRow {
  readonly seq: number
  readonly user_id: string | null
  readonly wallet_id: string | null
  readonly list: string | null
  readonly data: string
}
const lastSeq = (): number => (file.sandbox.db.prepare("SELECT coalesce(max(seq), 0) AS n FROM events").get() as { n: number }).n
/** The approval_requests hints after `seq` that reach `userId`'s stream (the stream's own rule), with their rows. */
const hintsFor = (userId: string, seq: number): ApprovalRequest[][] =>
  (file.sandbox.db.prepare("SELECT seq, user_id, wallet_id, list, data FROM events WHERE seq > ? AND list = 'approval_requests'").all(seq) as EventRow[])
    .filter((e) => eventVisibleTo(file.sandbox.db, userId, e))
    .map((e) => (JSON.parse(e.data) as { rows?: ApprovalRequest[] }).rows ?? [])

describe("issue 32 item 3 a CLIENT-only requester follows her own request's quorum (features §2, §6, D-approval-quorum)", () => {
  let cl: SandboxClient
  let ana: Session, carla: Session, diego: Session, helena: Session, bruno: Session
  const pay = async (as: Session, amount: number, description: string): Promise<string> => {
    const r = await cl.ok("pixPayByKey", {
      as,
      wallet: W().anaMain,
      tx: true,
      body: { key: "11222333000181", amount, description, pin_token: await cl.pinToken(as) }
    })
    expect(r.data.status).toBe("awaiting_approval")
    return r.data.approval_request_id!
  }
  const decide = (as: Session, id: string, verb: "approvalApprove" | "approvalReprove") =>
    cl.pinToken(as).then((pin) => cl.raw(verb, { as, wallet: W().anaMain, tx: true, params: { id }, body: { pin_token: pin } }))

  it("issue 32 item 3 features §2 the queue answers a CLIENT her own requests only, an approver every one, a non-member 403", async () => {
    cl = new SandboxClient(file.url)
    ;[ana, carla, diego, helena, bruno] = await cl.loginAll(["ana", "carla", "diego", "helena", "bruno"])
    const byAna = await pay(ana, 150_000, "Da Ana")
    const byHelena = await pay(helena, 140_000, "Da Helena")

    const hers = (await cl.ok("approvalRequests", { as: helena, wallet: W().anaMain })).data
    expect(hers.data.map((r) => r.id)).toEqual([byHelena])
    expect(hers.total).toBe(1)
    expect(hers.data[0]!.requested_by).toBe(helena.userId)
    expect(names(hers.data[0]!)).toEqual(["Carla Mendes", "Diego Ferreira", "Ana Souza"].sort((a, b) => a.localeCompare(b)))
    // her own request is found; another's is not (she cannot tell it from a request that does not exist)
    expect((await cl.ok("approvalRequestGet", { as: helena, wallet: W().anaMain, params: { id: byHelena } })).data.id).toBe(byHelena)
    const other = await cl.err("approvalRequestGet", { as: helena, wallet: W().anaMain, params: { id: byAna } })
    expect([other.status, other.body.error.key]).toEqual([404, "APPROVAL_REQUEST_NOT_FOUND"])
    // every status of her own, for the sync's pulls (status=all), still only hers
    const all = (await cl.ok("approvalRequests", { as: helena, wallet: W().anaMain, query: { status: "all", page_size: 100 } })).data.data
    expect(all.every((r) => r.requested_by === helena.userId)).toBe(true)

    const carlas = (await cl.ok("approvalRequests", { as: carla, wallet: W().anaMain, query: { page_size: 100 } })).data.data.map((r) => r.id)
    expect(carlas).toEqual(expect.arrayContaining([byAna, byHelena]))
    expect(carlas.length).toBeGreaterThan(2) // the seeded requests too
    // not a member of Ana's wallet: refused before anything is read (core §6)
    const stranger = await cl.err("approvalRequests", { as: bruno, wallet: W().anaMain })
    expect([stranger.status, stranger.body.error.key]).toEqual([403, "WITHOUT_PERMISSION"])
  })

  it("issue 32 item 3 D-approval-quorum the stream brings her own request's quorum to her, and never another's request", async () => {
    const seq = lastSeq()
    const byAna = await pay(ana, 151_000, "Outra da Ana")
    const byHelena = await pay(helena, 141_000, "Outra da Helena")
    expect((await decide(carla, byHelena, "approvalApprove")).status).toBe(200)
    expect((await decide(carla, byAna, "approvalApprove")).status).toBe(200)

    const helenas = hintsFor(helena.userId, seq)
    const rows = helenas.flat()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.every((r) => r.requested_by === helena.userId)).toBe(true) // no one else's request leaks to her
    const moved = rows.filter((r) => r.id === byHelena).at(-1)!
    expect(moved.approvals.map((a) => [a.user_name, a.decision])).toEqual([["Carla Mendes", "approved"]])
    expect(names(moved)).toEqual(["Ana Souza", "Diego Ferreira"])
    // an approver still gets every request's hints, each once
    const carlaRows = hintsFor(carla.userId, seq).flat()
    expect(carlaRows.some((r) => r.id === byAna)).toBe(true)
    expect(carlaRows.some((r) => r.id === byHelena)).toBe(true)
    expect(hintsFor(carla.userId, seq).length).toBe(helenas.length * 2) // two requests' hints, not repeated for her
  })

  it("issue 32 item 3 features §6 she may withdraw her request, not approve it nor reprove another's; nothing moves", async () => {
    const balance = brl(W().anaMain)
    const byAna = await pay(ana, 152_000, "Mais uma da Ana")
    const byHelena = await pay(helena, 142_000, "Retirada pela Helena")
    const own = await decide(helena, byHelena, "approvalApprove")
    expect([own.status, (own.json as { error: { key: string } }).error.key]).toEqual([403, "WITHOUT_PERMISSION"])
    const other = await decide(helena, byAna, "approvalReprove")
    expect([other.status, (other.json as { error: { key: string } }).error.key]).toEqual([404, "APPROVAL_REQUEST_NOT_FOUND"])
    expect((await cl.ok("approvalRequestGet", { as: carla, wallet: W().anaMain, params: { id: byAna } })).data.status).toBe("started")

    const withdrawn = await decide(helena, byHelena, "approvalReprove")
    expect(withdrawn.status).toBe(200)
    const closed = (withdrawn.json as { data: ApprovalRequest }).data
    expect(closed.status).toBe("reproved")
    expect(closed.approvals.map((a) => [a.user_name, a.decision])).toEqual([["Helena Castro", "reproved"]])
    // closed: it leaves her queue and shows in the history she reads (the catalogue gives CLIENT the history)
    expect((await cl.ok("approvalRequests", { as: helena, wallet: W().anaMain })).data.data.some((r) => r.id === byHelena)).toBe(false)
    const hist = (await cl.ok("approvalHistory", { as: helena, wallet: W().anaMain, query: { page_size: 100 } })).data.data
    expect(hist.find((r) => r.id === byHelena)?.status).toBe("reproved")
    expect(brl(W().anaMain)).toBe(balance)
  })

  it("issue 32 item 3 D-approval-quorum an ADMIN who is not an approver reads every request but reproves only their own", async () => {
    await cl.ok("permissionUpdate", { as: ana, wallet: W().anaMain, body: { user_id: diego.userId, permission_types: ["ADMIN"] } })
    const byAna = await pay(ana, 153_000, "Da Ana para o Diego ver")
    expect((await cl.ok("approvalRequestGet", { as: diego, wallet: W().anaMain, params: { id: byAna } })).data.id).toBe(byAna)
    const refused = await decide(diego, byAna, "approvalReprove")
    expect([refused.status, (refused.json as { error: { key: string } }).error.key]).toEqual([403, "WITHOUT_PERMISSION"])
    const byDiego = await pay(diego, 143_000, "Do Diego")
    expect((await decide(diego, byDiego, "approvalReprove")).status).toBe(200)
    await cl.ok("permissionUpdate", { as: ana, wallet: W().anaMain, body: { user_id: diego.userId, permission_types: ["APPROVER", "ADMIN"] } })
  })

  it("issue 32 item 3 P1 L5 her engine syncs her own requests and the quorum moves live as an approver decides", async () => {
    const session = await signIn(file.url, "helena@example.com")
    const engine = makeEngine(file.url)
    await engine.start(session)
    engine.setWallet(W().anaMain)
    await engine.syncAll()
    const queue = () => engine.snapshot({ kind: "approvalRequests", walletId: W().anaMain }) as ReadonlyArray<ApprovalRequest>
    const byAna = await pay(ana, 154_000, "Não é da Helena")
    const byHelena = await pay(helena, 144_000, "Ao vivo")
    await until(() => queue().some((r) => r.id === byHelena), 15_000)
    expect(names(queue().find((r) => r.id === byHelena)!)).toEqual(["Ana Souza", "Carla Mendes", "Diego Ferreira"])
    expect((await decide(carla, byHelena, "approvalApprove")).status).toBe(200)
    await until(() => (queue().find((r) => r.id === byHelena)?.approvals.length ?? 0) === 1, 15_000)
    expect(names(queue().find((r) => r.id === byHelena)!)).toEqual(["Ana Souza", "Diego Ferreira"])
    expect(queue().every((r) => r.requested_by === helena.userId)).toBe(true)
    expect(queue().some((r) => r.id === byAna)).toBe(false)
    await engine.signOut("logout")
  })
})
