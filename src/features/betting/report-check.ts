/**
 * The browser's check of a report file before any byte is sent (features §2 sending-report, §5
 * "XML file required (XML or ZIP accepted, must be valid)"): the file read locally, a ZIP opened
 * with the browser's own DecompressionStream, each XML checked against the report schema
 * (schema/betting-report.ts, the same code the sandbox runs).
 */
import { checkReportFile, type ReportCheck } from "../../../schema/betting-report.ts"

const inflate = async (b: Uint8Array): Promise<Uint8Array> => {
  const stream = new Blob([b as BlobPart]).stream().pipeThrough(new DecompressionStream("deflate-raw"))
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

/** A name the file picker may offer: .xml or .zip (features §5). */
export const acceptedName = (name: string): boolean => /\.(xml|zip)$/i.test(name)

export async function checkFile(file: Blob, date: string): Promise<ReportCheck> {
  return checkReportFile(new Uint8Array(await file.arrayBuffer()), inflate, date)
}
