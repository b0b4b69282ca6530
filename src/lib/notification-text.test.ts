/** Notifications worded in the user's language (issue 32 item 3; core §2.4; D-approval-quorum). */
import i18next from "i18next"
import { describe, expect, it } from "vitest"
import { NAMESPACES } from "../../locales/index.ts"
import { resources } from "../../locales/bundled.ts"
import type { Notification } from "../../schema/entities.ts"
import { notificationText } from "./notification-text.ts"

async function translator(lng: "pt" | "en") {
  const i = i18next.createInstance()
  await i.init({ resources, lng, fallbackLng: "pt", ns: [...NAMESPACES], defaultNS: "common", interpolation: { escapeValue: false }, showSupportNotice: false })
  return i.t
}
const n: Notification = {
  id: "n1",
  title: "Solicitação de aprovação",
  description: "texto do servidor",
  created_at: "2026-11-27T17:02:00.000Z",
  read: false,
  message: { key: "approvalNeeded", params: { amount: 123_456, beneficiary: "Tech Ltda", requester: "Ana Souza", request_id: "r1" } }
}

describe("issue 32 item 3 an approver's notifications in pt and en", () => {
  it("issue 32 item 3 'a request needs you' and the 23:00 reminder, amounts as money in each language", async () => {
    const en = await translator("en")
    const pt = await translator("pt")
    expect(notificationText(n, en, "en")).toEqual({
      title: "Approval needed",
      description: "Ana Souza requested a Pix of R$1,234.56 to Tech Ltda; it awaits your approval."
    })
    expect(notificationText(n, pt, "pt").description).toBe("Ana Souza pediu um Pix de R$ 1.234,56 para Tech Ltda; ele aguarda sua aprovação.")
    const r = { ...n, message: { key: "approvalReminder", params: { amount: 100, beneficiary: "X", expires_at: "2026-11-28T02:59:59.000Z" } } }
    expect(notificationText(r, en, "en").title).toBe("Approval about to be canceled")
    expect(notificationText(r, pt, "pt").description).toBe("O Pix de R$ 1,00 para X será cancelado às 23:59:59 se não for aprovado.")
  })
  it("issue 32 item 3 without a message key, or with one this build does not know, the server's text", async () => {
    const en = await translator("en")
    const { message: _, ...plain } = n
    expect(notificationText(plain, en, "en")).toEqual({ title: n.title, description: n.description })
    expect(notificationText({ ...n, message: { key: "somethingNew", params: {} } }, en, "en")).toEqual({ title: n.title, description: n.description })
  })
})
