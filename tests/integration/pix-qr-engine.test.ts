/**
 * Pix QR codes through the engine (spec features §2 receive and pay by code; issue 12; sync/SPEC.md C1–C4):
 * Bruno's engine makes a code as a command (its row arrives in the synced `pix_qr_codes` list, found by the
 * command id), Ana's engine pays it with the PIN step, and the code turns paid in Bruno's list.
 */
import { describe, expect, it } from "vitest"
import { Effect } from "effect"
import type { Wallet } from "../../schema/entities.ts"
import { makeEngine, signIn } from "../support/engine-helpers.ts"
import { sandboxForFile } from "../support/sandbox-per-file.ts"

const file = sandboxForFile()

const defaultWallet = async (token: string): Promise<Wallet> => {
  const r = await fetch(`${file.url}/users/operations/wallets?page_size=100`, { headers: { authorization: `Bearer ${token}`, "server-type": "green" } })
  const ws = ((await r.json()) as { data: { data: Wallet[] } }).data.data
  return ws.find((x) => x.default) ?? ws[0]!
}

describe("Pix QR codes through the outbox (features §2 receive, pay by code)", () => {
  it("C1 C4 a code made by command is found by its command id; paid by another engine with the PIN; then listed paid", async () => {
    const bs = await signIn(file.url, "bruno@example.com")
    const bw = await defaultWallet(bs.accessToken)
    const bruno = makeEngine(file.url, {})
    await bruno.start(bs)
    const id = await bruno.submit(bw.id, { name: "v1.pix.createQrCode", payload: { kind: "static", key: "bruno@example.com", amount: 777 } })
    expect(await Effect.runPromise(bruno.commands!.settled(id))).toBe("confirmed")
    const find = async () =>
      (bruno.snapshot({ kind: "list", list: "pix_qr_codes", walletId: bw.id }) as Array<{ request_id: string | null; emv: string; status: string }>).find(
        (r) => r.request_id === id
      )
    let row = await find()
    for (let i = 0; i < 50 && (row === undefined || row.emv === ""); i++) {
      await new Promise((r) => setTimeout(r, 100))
      row = await find()
    }
    expect(row?.status).toBe("active")

    const as = await signIn(file.url, "ana@example.com")
    const aw = await defaultWallet(as.accessToken)
    const ana = makeEngine(file.url, { onPinAsk: (pid) => ana.answerPin(pid, { pin: "1234" }) })
    await ana.start(as)
    const pay = await ana.submit(aw.id, {
      name: "v1.pix.payByQrCode",
      payload: { code: row!.emv, kind: "static", amount: 777, description: "", beneficiary_name: "Bruno" }
    })
    expect(await Effect.runPromise(ana.commands!.settled(pay))).toBe("confirmed")
    let paid = await find()
    for (let i = 0; i < 50 && paid?.status !== "paid"; i++) {
      await new Promise((r) => setTimeout(r, 100))
      paid = await find()
    }
    expect(paid?.status).toBe("paid")
    await bruno.close()
    await ana.close()
  }, 60_000)
})
