/**
 * Gateway commands (issue 16; features §2 gateway payments and orders, §5 invoice required;
 * D-uploads "extra files"): a payment request is ONE upload command whose invoice and optional
 * documents go through the resumable upload (sync/uploads) under their own keys, each assembled once
 * even across a dropped part, then created once under the command id (C2); the board shows the files'
 * progress summed and drops every local file when the command ends. The refund asks for the PIN.
 */
import { Clock, Effect, Random } from "effect"
import { describe, expect, it } from "vitest"
import { FakeUploadServer, fileBytes } from "../../tests/support/upload-fakes.ts"
import { makeVirtualClock } from "../../tests/support/outbox-fakes.ts"
import type { Command } from "../../schema/commands.ts"
import { MIN_PART_SIZE } from "../uploads/upload.ts"
import { UploadBoard } from "../uploads/board.ts"
import { MemoryFileStore } from "../uploads/file-store.ts"
import { completeKey } from "../uploads/upload.ts"
import { extraUploadId } from "../uploads/define-upload.ts"
import { runCommand } from "../outbox/pipeline.ts"
import { CommandTransport, MemoryOutboxStore, OutboxStore, PinPrompt } from "../outbox/ports.ts"
import { commandDef } from "./registry.ts"
import { makeTransport } from "./transport.ts"
import type { ApiClient } from "../api/client.ts"

const meta = {
  beneficiary_name: "Fornecedora Alfa Ltda",
  document: "11222333000181",
  bank_code: "341",
  account_type: "checking",
  via: "pix",
  pix_key: "a@example.com",
  amount: 12_345
}

describe("v1.gateway.createPaymentRequest (features §2 payments, §5; C2)", () => {
  it("C2 C7 the invoice and the extra documents upload once each, the request is created once under the command id with their file ids; progress is summed; files dropped at the end", async () => {
    const fake = new FakeUploadServer({ dropPut: (n) => n === 2 })
    const files = new MemoryFileStore()
    const board = new UploadBoard(files, () => undefined)
    const put = async (name: string, size: number) => {
      const key = await board.put(new Blob([fileBytes(size)]), name, "application/pdf", "2026-01-01T00:00:00Z")
      return { file_key: key, file_name: name, content_type: "application/pdf", size, part_size: MIN_PART_SIZE, purpose: "payment-request" as const }
    }
    const invoice = await put("nota.pdf", MIN_PART_SIZE * 2 + 10)
    const social = { slot: "social_contract", ...(await put("contrato.pdf", MIN_PART_SIZE + 5)) }
    const mirror = { slot: "cnpj_mirror", ...(await put("cnpj.pdf", 300)) }
    const def = commandDef("v1.gateway.createPaymentRequest")
    if (!def) throw new Error("not registered")
    const cmd: Command = {
      id: "cmd-pr",
      user_id: "u-1",
      wallet_id: "w-1",
      created_at: "2026-01-01T00:00:00Z",
      body: { name: "v1.gateway.createPaymentRequest", payload: { ...invoice, meta, extra_files: [social, mirror] } }
    }
    await board.follow([{ id: cmd.id, state: "sending", created_at: "", body: cmd.body }])
    const calls: Array<{ id: string; tx: string | undefined; body: Record<string, unknown> }> = []
    const api = {
      call: (id: string, args: { transactionUuid?: string; body: Record<string, unknown> }) => {
        calls.push({ id, tx: args.transactionUuid, body: args.body })
        return Effect.succeed({ data: {} })
      }
    } as unknown as ApiClient
    const transport = { ...makeTransport(api, () => "u-1", board.env(fake.server)), verifyPin: () => Effect.succeed({ token: "t", expiresInMs: 120_000 }) }
    const state = await Effect.runPromise(
      runCommand(cmd).pipe(
        Effect.provideService(OutboxStore, new MemoryOutboxStore()),
        Effect.provideService(CommandTransport, transport),
        Effect.provideService(PinPrompt, { ask: () => Effect.succeed(null) }),
        Effect.provideService(Clock.Clock, makeVirtualClock().clock),
        Random.withSeed(1)
      )
    )
    expect(state).toBe("confirmed")
    expect(fake.assembledCount).toBe(3)
    expect([...fake.completes].sort()).toEqual(
      [...new Set([completeKey(cmd.id), completeKey(extraUploadId(cmd.id, "social_contract")), completeKey(extraUploadId(cmd.id, "cnpj_mirror"))])].sort()
    )
    expect(calls.map((c) => [c.id, c.tx])).toEqual([["paymentRequestCreate", cmd.id]])
    const ids = [...fake.uploads.values()].map((u) => u.upload.file_id)
    expect(ids).toContain(calls[0]!.body["invoice_file_id"])
    expect(ids).toContain(calls[0]!.body["social_contract_file_id"])
    expect(ids).toContain(calls[0]!.body["cnpj_mirror_file_id"])
    const total = invoice.size + social.size + mirror.size
    expect(board.views([{ id: cmd.id, state: "sending", created_at: "", body: cmd.body }])[0]?.progress).toMatchObject({
      phase: "done",
      sentBytes: total,
      totalBytes: total
    })
    await board.follow([{ id: cmd.id, state: "confirmed", created_at: "", body: cmd.body }])
    for (const f of [invoice, social, mirror]) expect(await files.get(f.file_key)).toBeUndefined()
  })

  it("features §2 sensitive: the order refund asks for the PIN; the payment request does not", () => {
    expect(commandDef("v1.gateway.refundOrder")?.sensitive).toBe(true)
    expect(commandDef("v1.gateway.createPaymentRequest")?.sensitive).toBe(false)
  })
})
