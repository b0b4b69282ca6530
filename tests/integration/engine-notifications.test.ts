/**
 * D-notification-read (spec core §4 "Notifications"; sync/SPEC.md C1, C7, RT7): marking a notification read is a
 * command. The entry shows read and the unread count drops at once, before the server answers; offline the read
 * waits in the outbox with the count already lowered, and once sent the server's own count agrees — the shown
 * count never goes back up on the way.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import type { Notification } from "../../schema/entities.ts"
import { admin, holdOnce, makeEngine, signIn, until } from "../support/engine-helpers.ts"
import { sandboxForFile } from "../support/sandbox-per-file.ts"

const file = sandboxForFile()

const serverUnread = async (token: string): Promise<number> =>
  (
    (await (await fetch(`${file.url}/api-2/notifications/count_unread`, { headers: { authorization: `Bearer ${token}`, "server-type": "green" } })).json()) as {
      data: { count: number }
    }
  ).data.count

describe("D-notification-read", () => {
  it("C7 the read shows at once; RT7 offline it waits with the count lowered; sent, the server's count agrees and the shown one never rose", async () => {
    await admin(file.url, "notifications", { user_email: "ana@example.com", title: "Primeira", description: "um" })
    await admin(file.url, "notifications", { user_email: "ana@example.com", title: "Segunda", description: "dois" })
    const session = await signIn(file.url, "ana@example.com")
    const engine = makeEngine(file.url)
    await engine.start(session)
    const unread = () => engine.snapshot({ kind: "unreadCount" }) as number
    const rows = () => engine.snapshot({ kind: "notifications", limit: 50 }) as ReadonlyArray<Notification>
    await until(() => rows().filter((n) => !n.read).length >= 2 && unread() === rows().filter((n) => !n.read).length)
    const start = unread()
    const [first, second] = rows().filter((n) => !n.read)
    // every count the views are shown from here on
    const shown: number[] = []
    const stop = engine.onChange(() => {
      shown.push(unread())
    })

    // online: read at once, before any answer
    const id1 = await engine.submit("", { name: "v1.notification.read", payload: { id: first!.id } })
    expect(rows().find((n) => n.id === first!.id)?.read).toBe(true)
    expect(unread()).toBe(start - 1)
    expect(await Effect.runPromise(engine.commands!.settled(id1))).toBe("confirmed")
    await until(async () => (await serverUnread(session.accessToken)) === start - 1)

    // offline: the read waits in the outbox, shown already
    engine.setOnline(false)
    const id2 = await engine.submit("", { name: "v1.notification.read", payload: { id: second!.id } })
    expect(rows().find((n) => n.id === second!.id)?.read).toBe(true)
    expect(unread()).toBe(start - 2)
    await new Promise((r) => setTimeout(r, 300))
    expect((engine.snapshot({ kind: "commands" }) as ReadonlyArray<{ id: string; state: string }>).find((c) => c.id === id2)?.state).not.toBe("confirmed")
    expect(await serverUnread(session.accessToken)).toBe(start - 1)
    engine.setOnline(true)
    expect(await Effect.runPromise(engine.commands!.settled(id2))).toBe("confirmed")
    await until(async () => (await serverUnread(session.accessToken)) === start - 2)
    // the stream's rows and the server's count settle without the badge going back up
    await until(() => rows().every((n) => n.id !== second!.id || n.read) && unread() === start - 2)
    await new Promise((r) => setTimeout(r, 800))
    stop()
    expect(unread()).toBe(start - 2)
    for (let i = 1; i < shown.length; i++) expect(shown[i], `count shown #${i}: ${shown.join(",")}`).toBeLessThanOrEqual(shown[i - 1]!)
    await engine.signOut("logout")
  }, 120_000)

  it("P11 a notification the stream brings while the notifications' pull runs stays (the pass's clean-up does not remove it)", async () => {
    const session = await signIn(file.url, "ana@example.com")
    // the list's page is read before the row exists, and handed over after its event was applied
    const gate = holdOnce("/notifications?")
    const engine = makeEngine(file.url, { fetch: gate.fetch })
    await engine.start(session)
    await engine.syncAll()
    await until(() => (engine.snapshot({ kind: "connection" }) as { stream: string }).stream === "open")
    const rows = () => engine.snapshot({ kind: "notifications", limit: 20 }) as ReadonlyArray<Notification>
    gate.arm()
    const pass = engine.syncAll()
    await gate.entered
    await admin(file.url, "notifications", { user_email: "ana@example.com", title: "P11 durante o pull", description: "três" })
    await until(() => rows().some((n) => n.title === "P11 durante o pull"), 10_000)
    let missing = 0
    const watch = setInterval(() => {
      if (!rows().some((n) => n.title === "P11 durante o pull")) missing++
    }, 2)
    gate.release()
    await pass
    await new Promise((r) => setTimeout(r, 1500))
    clearInterval(watch)
    expect(missing).toBe(0)
    expect(rows()[0]?.title).toBe("P11 durante o pull")
    await engine.signOut("logout")
  }, 120_000)
})
