/**
 * `useAfterPaint` (src/lib/use-answers.ts; issue 32 item 4, the analysis page asks its secondary pivots once its grid is
 * shown): false while `ready` does not hold, false still in the frame `ready` first holds (the main content's frame is
 * painted first), true after that frame — and true for good, whatever `ready` does next. In Chromium, with a real frame.
 */
import { expect, test } from "vitest"
import { render } from "vitest-browser-react"
import { useLayoutEffect, useRef, useState } from "react"
import { useAfterPaint } from "./use-answers.ts"

test("issue 32 item 4 useAfterPaint: still false in the first frame after `ready` holds, true after it, then for good", async () => {
  const renders: Array<{ readonly ready: boolean; readonly after: boolean }> = []
  /** What the page showed in the first frame after the render that was ready (read in that frame's animation callback).
   * `ready` comes from a task, not the click itself, as a worker's answer does (React runs the effects of a click's
   * render before the next frame, those of an answer's render in a task of their own). */
  const inFirstFrame: string[] = []
  function Probe() {
    const [ready, setReady] = useState(false)
    const after = useAfterPaint(ready)
    renders.push({ ready, after })
    const ref = useRef<HTMLButtonElement>(null)
    useLayoutEffect(() => {
      if (!ready || inFirstFrame.length > 0) return
      requestAnimationFrame(() => inFirstFrame.push(ref.current?.dataset.after ?? "?"))
    }, [ready])
    return (
      <button ref={ref} data-testid="flip" data-after={String(after)} onClick={() => setTimeout(() => setReady((r) => !r), 0)}>
        {ready ? "ready" : "waiting"}
      </button>
    )
  }
  const screen = await render(<Probe />)
  const flip = screen.getByTestId("flip")
  // not ready: never after, however many frames pass
  await new Promise((r) => setTimeout(r, 100))
  expect(renders.every((x) => !x.after)).toBe(true)

  await flip.click()
  await expect.element(flip).toHaveAttribute("data-after", "true")
  // the frame after the ready render showed it without the secondary work; the next render brought it
  await expect.poll(() => inFirstFrame.length).toBe(1)
  expect(inFirstFrame).toEqual(["false"])

  // ready no longer holds: still after
  await flip.click()
  await expect.element(flip).toHaveTextContent("waiting")
  expect(flip.element().getAttribute("data-after")).toBe("true")
})
