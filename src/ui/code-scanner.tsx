/**
 * The camera and image scanner shared by the Pix code and boleto pages (issue 31 item 2 "scanning in every
 * browser"; docs/decisions.md D-scan): "use the camera" opens the rear camera and reads its frames until a code
 * passes the owner's `check`; "read an image" reads an uploaded picture once. The browser's BarcodeDetector is
 * used where it reads the format, the pure-JS reader otherwise (src/lib/scan/read.ts, loaded on first use).
 *
 * The owner keeps the field and its messages: a code that passes `check` goes to `onCode`; an image with no
 * code, a damaged code, a code `check` refuses and a camera that does not open go to `onProblem` — what was
 * typed is never touched here. The camera's tracks stop when it is closed, when a code is read and on unmount.
 * Texts come from the owner, translated in its own namespace.
 */
import { useEffect, useEffectEvent, useId, useRef, useState, type ChangeEvent } from "react"
import { cameraPossible, cameraRefusal, frameReader, openCamera, readImageFile, stopStream } from "../lib/scan/read.ts"
import type { ScanFormat } from "../lib/scan/types.ts"
import { Button } from "./button.tsx"
import * as layout from "./layout.css.ts"
import { visuallyHidden } from "./visually-hidden.css.ts"
import * as s from "./code-scanner.css.ts"

export interface CodeScannerTexts {
  /** The button that opens the camera, e.g. "Use the camera". */
  readonly camera: string
  /** The same button while the camera is on, e.g. "Stop the camera". */
  readonly stopCamera: string
  /** The button that reads an image file, e.g. "Read a QR code image". */
  readonly image: string
  /** The video's text alternative, e.g. "Camera view for reading the Pix QR code". */
  readonly video: string
  /** Said while the camera is on, e.g. "Point the camera at the QR code". */
  readonly cameraHint: string
  /** Said while an image is read. */
  readonly reading: string
  /** The camera could not be opened (none, busy, not supported). */
  readonly noCamera: string
  /** The camera was refused (by the user or the browser). */
  readonly cameraDenied: string
  /** The image holds no code of this kind (or is not an image). */
  readonly noCode: string
  /** A code was found but could not be read (damaged, smudged, cut off). */
  readonly damaged: string
}

export interface CodeScannerProps {
  readonly format: ScanFormat
  readonly texts: CodeScannerTexts
  /** Checks a text read: null takes it, else the message that refuses it (the camera then keeps looking). */
  readonly check: (text: string) => string | null
  /** A text read that passed `check`. */
  readonly onCode: (text: string) => void
  /** A refusal for the owner to show beside its field; null clears it (a new read began). */
  readonly onProblem: (message: string | null) => void
  readonly testIds?: { readonly camera?: string; readonly image?: string; readonly video?: string; readonly status?: string }
}

/** How long the camera loop rests between two frames read (a frame takes 20–80 ms to read on a phone). */
const FRAME_GAP_MS = 120

export function CodeScanner({ format, texts, check, onCode, onProblem, testIds = {} }: CodeScannerProps) {
  const [cameraOn, setCameraOn] = useState(false)
  const [reading, setReading] = useState(false)
  const video = useRef<HTMLVideoElement | null>(null)
  const mounted = useRef(true)
  const hintId = useId()
  const canUseCamera = cameraPossible()

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  // the owner's latest callbacks, without restarting the camera when they change
  const cameraFailed = useEffectEvent((e: unknown) => {
    setCameraOn(false)
    onProblem(cameraRefusal(e) === "denied" ? texts.cameraDenied : texts.noCamera)
  })
  const cameraRead = useEffectEvent((text: string) => {
    setCameraOn(false)
    onProblem(null)
    onCode(text)
  })
  const frameRefused = useEffectEvent((text: string): void => {
    const refusal = check(text)
    if (refusal !== null) onProblem(refusal)
  })
  const passes = useEffectEvent((text: string): boolean => check(text) === null)

  // the camera: open it, read frames until a code passes, and always stop its tracks
  useEffect(() => {
    // the video is rendered with cameraOn, so it is there when this runs
    const v = video.current
    if (!cameraOn || v === null) return
    let stopped = false
    let stream: MediaStream | null = null
    let lastRefused = ""
    const run = async (): Promise<void> => {
      try {
        stream = await openCamera()
      } catch (e) {
        if (!stopped) cameraFailed(e)
        return
      }
      if (stopped) {
        stopStream(stream)
        return
      }
      v.srcObject = stream
      await v.play().catch(() => undefined)
      let read: (v: HTMLVideoElement) => Promise<ReadonlyArray<string>>
      try {
        read = await frameReader(format)
      } catch (e) {
        if (!stopped) cameraFailed(e)
        return
      }
      while (!stopped) {
        const found = v.readyState >= 2 ? await read(v) : []
        if (stopped) return
        const good = found.find((t) => passes(t))
        if (good !== undefined) {
          cameraRead(good)
          return
        }
        // a code the owner refuses (not a Pix code, a wrong check digit): said once, and the camera keeps looking
        const bad = found[0]
        if (bad !== undefined && bad !== lastRefused) {
          lastRefused = bad
          frameRefused(bad)
        }
        await new Promise((r) => setTimeout(r, FRAME_GAP_MS))
      }
    }
    void run()
    return () => {
      stopped = true
      stopStream(stream)
      v.srcObject = null
    }
  }, [cameraOn, format])

  const onImage = (e: ChangeEvent<HTMLInputElement>): void => {
    const file = e.currentTarget.files?.[0]
    // the same file chosen again is read again
    e.currentTarget.value = ""
    if (!file) return
    onProblem(null)
    setReading(true)
    readImageFile(file, format)
      .then(
        (r) => {
          if (!mounted.current) return
          if (r.kind === "none") onProblem(texts.noCode)
          else if (r.kind === "damaged") onProblem(texts.damaged)
          else {
            // the first text that passes, else the first one's refusal
            const good = r.texts.find((t) => check(t) === null)
            if (good !== undefined) onCode(good)
            else onProblem(check(r.texts[0] ?? "") ?? texts.noCode)
          }
        },
        () => {
          if (mounted.current) onProblem(texts.noCode)
        }
      )
      .finally(() => {
        if (mounted.current) setReading(false)
      })
  }

  return (
    <div className={layout.stack}>
      <div className={layout.row}>
        {canUseCamera ? (
          <Button
            variant="secondary"
            onClick={() => setCameraOn((x) => !x)}
            aria-controls={cameraOn ? `${hintId}-video` : undefined}
            data-testid={testIds.camera}
          >
            {cameraOn ? texts.stopCamera : texts.camera}
          </Button>
        ) : null}
        <label className={s.imageButton} aria-busy={reading || undefined}>
          {texts.image}
          <input type="file" accept="image/*" className={visuallyHidden} onChange={onImage} disabled={reading} data-testid={testIds.image} />
        </label>
      </div>
      {cameraOn ? (
        <div className={s.viewer}>
          <video
            id={`${hintId}-video`}
            ref={video}
            className={s.video}
            muted
            playsInline
            aria-label={texts.video}
            aria-describedby={hintId}
            data-testid={testIds.video}
          />
          <div className={`${s.guide} ${format === "qr_code" ? s.guideQr : s.guideBar}`} aria-hidden="true" />
        </div>
      ) : null}
      <p id={hintId} role="status" className={cameraOn || reading ? layout.muted : visuallyHidden} data-testid={testIds.status}>
        {reading ? texts.reading : cameraOn ? texts.cameraHint : ""}
      </p>
    </div>
  )
}
