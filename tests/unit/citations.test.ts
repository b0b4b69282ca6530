/**
 * The rules the code cites are in the repo (issue 29 item 6; CONVENTIONS habit 15, docs/conventions.md):
 *
 * - every spec citation in code and tests, `core §N` / `features §N.M` (also `features §3/§6`), names a
 *   section that a file under docs/product/ names too (the product's rules restated in our words);
 * - every design citation, `DESIGN "Heading"` (or a phrase of a section, or `DESIGN Commands` unquoted),
 *   resolves to a heading of docs/design.md or to a phrase quoted there under its section;
 * - every `CONVENTIONS habit N` / `CONVENTIONS <name> anchor` / `CONVENTIONS "Heading"` resolves to
 *   docs/conventions.md;
 * - every section of a repo document cited by name, `docs/decisions.md "Pix Automático"`, `README "Run it"`,
 *   `CONTRIBUTING "Pitfalls"`, is a heading there (or the start of one);
 * - every relative link of the repo's markdown (docs/, README.md, CONTRIBUTING.md and the folders'
 *   READMEs and SPEC.md) opens an existing file, and its `#anchor`, when it has one, a heading there.
 *
 * Scanned: .ts, .tsx, .mts and .mjs files under src, sync, schema, sandbox, workers, tests, bench and
 * scripts, comments and strings alike (test names cite too), and the markdown that cites (README,
 * CONTRIBUTING, docs/decisions.md, the folders' READMEs and SPEC.md; not the cited docs/product/,
 * docs/design.md, docs/conventions.md). A failure names file:line and how to fix it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "../..")
const CODE_DIRS = ["src", "sync", "schema", "sandbox", "workers", "tests", "bench", "scripts"]
const SKIP = new Set(["node_modules", "dist", "artifacts", "results", "test-results", "playwright-report", ".data"])

const walk = (dir: string, keep: (name: string) => boolean): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith(".")) return []
    const rel = dir === "." ? e.name : `${dir}/${e.name}`
    return e.isDirectory() ? walk(rel, keep) : keep(e.name) ? [rel] : []
  })

const read = (file: string): string => readFileSync(join(root, file), "utf8")
const lineOf = (text: string, index: number): number => text.slice(0, index).split("\n").length

export interface Citation {
  readonly file: string
  readonly line: number
  /** What was cited: "core §4", "Commands", "habit 3"… */
  readonly name: string
}

// ── spec sections ────────────────────────────────────────────────────────────

const SECTION = String.raw`§\s?(\d+(?:\.\d+)?)`
/** `core §4`, `features §2.3`, and the sections chained right after one: `features §3/§6`, `core §6–§8`, `core §2, §4`. */
const SPEC_CITATION = new RegExp(String.raw`\b(core|features)\s+${SECTION}((?:\s*(?:/|,|–|-|and|or)\s*${SECTION})*)`, "g")

/** The spec sections a text cites, each with its line. */
export const specCitations = (file: string, text: string): Citation[] =>
  [...text.matchAll(SPEC_CITATION)].flatMap((m) => {
    const line = lineOf(text, m.index)
    const doc = m[1] as string
    const chained = [...(m[3] ?? "").matchAll(new RegExp(SECTION, "g"))].map((k) => k[1] as string)
    return [m[2] as string, ...chained].map((n) => ({ file, line, name: `${doc} §${n}` }))
  })

// ── design and conventions citations ─────────────────────────────────────────

/** Between two words of a comment: spaces, or a line break and the next line's `*` or `//`. */
const GAP = String.raw`(?:[ \t]|\n[ \t]*(?:\*(?!/)|//)?[ \t]*)`
/** A quoted name: "…" (it may run on to the comment's next line) or '…'. */
const QUOTED = String.raw`(?:"((?:[^"\n]|\n[ \t]*(?:\*(?!/)|//)?){1,240}?)"|'([^'\n]{1,240}?)')`
const DOC_CITATION = new RegExp(
  String.raw`\b(DESIGN|CONVENTIONS)\b(?:${GAP}+(budgets?|benchmarks?|habit|habits)\b)?(?:${GAP}*[,:]?${GAP}*${QUOTED}((?:${GAP}*(?:,|→|and)${GAP}*${QUOTED})*)|${GAP}+(\d+)\b|[ \t]+([A-Za-z][\w-]*(?:[ \t]+[A-Za-z][\w-]*){0,3}))?`,
  "g"
)
const unwrap = (s: string): string => s.replace(/\n[ \t]*(?:\*|\/\/)?[ \t]*/g, " ")

export interface DocCitation extends Citation {
  readonly doc: "DESIGN" | "CONVENTIONS"
  /** "budgets", "habit"…: a word between the document's name and the cited name. */
  readonly keyword: string
  /** Unquoted names are tried word by word: the longest prefix that resolves wins. */
  readonly quoted: boolean
}

/** The DESIGN / CONVENTIONS citations of a text (a bare `DESIGN` with no name comes back with name ""). */
export const docCitations = (file: string, text: string): DocCitation[] =>
  [...text.matchAll(DOC_CITATION)].flatMap((m): DocCitation[] => {
    const base = { file, line: lineOf(text, m.index), doc: m[1] as "DESIGN" | "CONVENTIONS", keyword: (m[2] ?? "").toLowerCase() }
    const first = m[3] ?? m[4]
    if (first !== undefined) {
      const chained = [...(m[5] ?? "").matchAll(new RegExp(QUOTED, "g"))].map((k) => (k[1] ?? k[2]) as string)
      return [first, ...chained].map((n) => ({ ...base, name: unwrap(n), quoted: true }))
    }
    // groups 6 and 7 are the chain's own quotes; 8 a habit's number, 9 unquoted words
    if (m[8] !== undefined) return [{ ...base, name: m[8], quoted: false }]
    // a keyword alone ("DESIGN budgets: …") cites its section; words after it are the citing text's own
    if (base.keyword !== "") return [{ ...base, name: "", quoted: false }]
    return [{ ...base, name: m[9] ?? "", quoted: false }]
  })

const norm = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[`*_]/g, "")
    .replace(/\.\.\./g, "…")
    .replace(/\s+/g, " ")
    .replace(/[\s.,;:]+$/, "")
    .trim()

/** A document's headings and the phrases it quotes (`"…"`), normalised: what a citation may name. */
export const targetsOf = (markdown: string): { headings: Set<string>; phrases: Set<string> } => ({
  headings: new Set([...markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => norm(m[1] as string))),
  // a quoted phrase may wrap onto the next line, not past a blank one
  phrases: new Set([...markdown.matchAll(/"((?:[^"\n]|\n(?![ \t]*\n)){1,300})"/g)].map((m) => norm(m[1] as string)))
})

/** The section a keyword alone stands for ("DESIGN budgets" → the Budgets heading). */
const KEYWORD_SECTION: Readonly<Record<string, string>> = {
  budget: "budgets",
  budgets: "budgets",
  benchmark: "benchmark names and results",
  benchmarks: "benchmark names and results"
}

/** Whether a citation resolves in its document; the reason when it does not. */
export const resolveDoc = (c: DocCitation, design: string, conventions: string): string | null => {
  const markdown = c.doc === "DESIGN" ? design : conventions
  const where = c.doc === "DESIGN" ? "docs/design.md" : "docs/conventions.md"
  const { headings, phrases } = targetsOf(markdown)
  const known = (n: string): boolean => headings.has(norm(n)) || phrases.has(norm(n))
  if (c.keyword.startsWith("habit")) {
    if (c.name === "") return `names no habit number (write "${c.doc} habit N", N a numbered habit of ${where})`
    return new RegExp(`^${c.name}\\. `, "m").test(markdown) ? null : `habit ${c.name} is not a numbered habit of ${where}`
  }
  if (c.name === "") {
    const section = KEYWORD_SECTION[c.keyword]
    if (section !== undefined) return headings.has(section) ? null : `${where} has no heading "${section}"`
    return `cites ${c.doc} without naming a section: write ${c.doc} "<a heading of ${where}>"`
  }
  if (c.quoted) return known(c.name) ? null : `"${c.name}" is neither a heading of ${where} nor a phrase quoted there`
  const words = c.name.split(/\s+/)
  // `CONVENTIONS braid anchor`: a row of the anchors table names it
  if (c.doc === "CONVENTIONS" && words[1]?.toLowerCase() === "anchor")
    return new RegExp(`^\\|[^|\\n]*${words[0]}`, "im").test(markdown) ? null : `no anchor "${words[0]}" in the anchors table of ${where}`
  for (let n = words.length; n > 0; n--) if (known(words.slice(0, n).join(" "))) return null
  return `"${words[0]}" (unquoted) is neither a heading of ${where} nor a phrase quoted there`
}

// ── sections of the repo's own documents ─────────────────────────────────────

/** `docs/decisions.md "Heading"`, `sync/projections/README.md "Engine usage"`, `README "Run it"`, `CONTRIBUTING "Pitfalls"`. */
const MD_SECTION = /(?<![\w/.\-"'`])((?:[\w.-]+\/)*[\w.-]+\.md|README|CONTRIBUTING)[ \t]*[,:]?[ \t]*"([^"\n]{2,100})"/g

/** The sections of repo documents a text cites by name ("README" is the root README.md). */
export const sectionCitations = (file: string, text: string): Array<Citation & { readonly doc: string }> =>
  [...text.matchAll(MD_SECTION)].map((m) => {
    const doc = m[1] === "README" || m[1] === "CONTRIBUTING" ? `${m[1]}.md` : (m[1] as string)
    return { file, line: lineOf(text, m.index), doc, name: m[2] as string }
  })

/** Whether a cited section is a heading of its document (or the start of one: "D-sessions" for "D-sessions — …"). */
export const resolveSection = (name: string, markdown: string): boolean => {
  const cited = norm(name)
  return [...markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].some((m) => norm(m[1] as string).startsWith(cited))
}

// ── markdown links ───────────────────────────────────────────────────────────

/** GitHub's anchor of a heading: lower case, punctuation dropped (letters, digits, `-`, `_` and spaces kept), spaces → `-`. */
export const slugOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/ /g, "-")

/** A markdown file's anchors, with GitHub's `-1`, `-2` for repeated headings. */
export const anchorsOf = (markdown: string): Set<string> => {
  const seen = new Map<string, number>()
  const out = new Set<string>()
  for (const m of markdown.replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slugOf((m[1] as string).replace(/\[([^\]]*)\]\([^)]*\)/g, "$1"))
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  }
  return out
}

/** The relative links of a markdown text: `[text](target)`, outside code blocks and code spans. */
export const linksOf = (markdown: string): Array<{ target: string; line: number }> => {
  const text = markdown.replace(/^```[\s\S]*?^```/gm, (b) => b.replace(/[^\n]/g, " ")).replace(/`[^`\n]*`/g, (s) => " ".repeat(s.length))
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)]
    .map((m) => ({ target: m[1] as string, line: lineOf(text, m.index) }))
    .filter((l) => !/^[a-z][a-z0-9+.-]*:/i.test(l.target))
}

// ── the tree ─────────────────────────────────────────────────────────────────

/** This file's own examples cite nothing. */
const SELF = "tests/unit/citations.test.ts"
const codeFiles = CODE_DIRS.flatMap((d) => walk(d, (n) => /\.(ts|tsx|mts|mjs)$/.test(n))).filter((f) => f !== SELF)
const productFiles = walk("docs/product", (n) => n.endsWith(".md"))
const markdownFiles = [
  "README.md",
  "CONTRIBUTING.md",
  ...walk("docs", (n) => n.endsWith(".md")),
  ...[...CODE_DIRS, "locales"].flatMap((d) => walk(d, (n) => n.endsWith(".md")))
]
const design = read("docs/design.md")
const conventions = read("docs/conventions.md")
/** Code, and the prose that cites too (decisions, guides, folder READMEs) — not the files cited. */
const CITED = new Set(["docs/design.md", "docs/conventions.md"])
const citingFiles = [...codeFiles, ...markdownFiles.filter((f) => !f.startsWith("docs/product/") && !CITED.has(f))]
const texts = new Map(citingFiles.map((f) => [f, read(f)] as const))

const named = new Set(productFiles.flatMap((f) => specCitations(f, read(f)).map((c) => c.name)))
const spec = [...texts].flatMap(([f, t]) => specCitations(f, t))
const docs = [...texts].flatMap(([f, t]) => docCitations(f, t))
const sections = [...texts].flatMap(([f, t]) => sectionCitations(f, t))

const HOW_SPEC = [
  "Each spec section cited in code must be named by a file of docs/product/ (the product's rules in our words).",
  "Fix: add the rule to the area's file under docs/product/ with its section (e.g. `- **PIX-17** … (features §5.2)`) and a line",
  "in docs/product/README.md's table, or correct the citation to the section the spec really gives."
].join("\n")
const HOW_DOC = [
  "Each DESIGN / CONVENTIONS citation must resolve to docs/design.md / docs/conventions.md (the design notes in our words).",
  'Fix: cite a heading that exists (DESIGN "Commands"), or add the heading, or quote the phrase under its section',
  '(a line `Cited as: "the phrase"`), or cite the numbered habit (CONVENTIONS habit 3).'
].join("\n")

describe("citations resolve to files in the repo (issue 29 item 6; docs/product, docs/design.md, docs/conventions.md)", () => {
  it("reads the tree: code files, the product's rule files, the design notes", () => {
    expect(codeFiles.length).toBeGreaterThan(300)
    expect(productFiles).toContain("docs/product/README.md")
    expect(spec.length).toBeGreaterThan(1000)
    expect(docs.length).toBeGreaterThan(100)
    console.info(
      `citations: ${spec.length} spec citations (${new Set(spec.map((c) => c.name)).size} sections) and ${docs.length} DESIGN/CONVENTIONS citations and ${sections.length} sections of repo documents in ${texts.size} files; ${markdownFiles.length} markdown files' links`
    )
  })

  it("every spec section cited (core §N, features §N.M) is named by a file under docs/product/", () => {
    const missing = spec.filter((c) => !named.has(c.name)).map((c) => `${c.file}:${c.line}: ${c.name} is named by no file of docs/product/`)
    expect(missing, `${missing.join("\n")}\n\n${HOW_SPEC}`).toEqual([])
  })

  it('every DESIGN "…" and CONVENTIONS citation resolves to a heading or a quoted phrase of docs/design.md / docs/conventions.md', () => {
    const missing = docs.flatMap((c) => {
      const why = resolveDoc(c, design, conventions)
      return why === null ? [] : [`${c.file}:${c.line}: ${c.doc} ${c.keyword} ${c.quoted ? `"${c.name}"` : c.name}`.replace(/ +/g, " ") + ` — ${why}`]
    })
    expect(missing, `${missing.join("\n")}\n\n${HOW_DOC}`).toEqual([])
  })

  it('every section of a repo document cited by name (docs/decisions.md "…", README "…", CONTRIBUTING "…") is a heading there', () => {
    const missing = sections.flatMap((c) => {
      if (!existsSync(join(root, c.doc))) return [`${c.file}:${c.line}: ${c.doc} "${c.name}" — no file ${c.doc}`]
      return resolveSection(c.name, read(c.doc)) ? [] : [`${c.file}:${c.line}: ${c.doc} "${c.name}" — no heading of ${c.doc} starts so`]
    })
    expect(missing, `${missing.join("\n")}\n\nFix: cite the section's current heading (or the file it moved to), e.g. README "Run it".`).toEqual([])
  })

  it("every relative link of the repo's markdown opens an existing file (and its #anchor a heading there)", () => {
    const broken = markdownFiles.flatMap((f) =>
      linksOf(read(f)).flatMap(({ target, line }) => {
        const [path = "", anchor] = target.split("#")
        const to = path === "" ? f : relative(root, resolve(root, dirname(f), decodeURI(path)))
        if (!existsSync(join(root, to))) return [`${f}:${line}: ${target} — no file ${to}`]
        if (anchor === undefined || anchor === "" || !to.endsWith(".md") || statSync(join(root, to)).isDirectory()) return []
        return anchorsOf(read(to)).has(decodeURIComponent(anchor).toLowerCase()) ? [] : [`${f}:${line}: ${target} — no heading with anchor #${anchor} in ${to}`]
      })
    )
    expect(broken, `${broken.join("\n")}\n\nFix the link to the file's new place (git log --follow), or the anchor to the heading's current text.`).toEqual([])
  })

  it("the readers find what they look for (spec chains, quoted and unquoted design names, habits, links, anchors)", () => {
    expect(specCitations("a.ts", "// spec features §3/§6 and core §2.4; core §6–§8\n// §9 alone").map((c) => `${c.line} ${c.name}`)).toEqual([
      "1 features §3",
      "1 features §6",
      "1 core §2.4",
      "1 core §6",
      "1 core §8"
    ])
    const cited = docCitations(
      "a.ts",
      [
        ' * (DESIGN "The sync engine" → "Large data" and "Big tables inside"; DESIGN budgets: 30 ms)',
        " * DESIGN \"a bad input gets a\n * clear message\"; it('DESIGN Commands: a PIN', f); DESIGN 'Uploads are commands too'",
        " * (CONVENTIONS habit 3), CONVENTIONS braid anchor; (DESIGN)."
      ].join("\n")
    )
    expect(cited.map((c) => `${c.line} ${c.doc} ${c.keyword}|${c.name}|${c.quoted}`)).toEqual([
      "1 DESIGN |The sync engine|true",
      "1 DESIGN |Large data|true",
      "1 DESIGN |Big tables inside|true",
      "1 DESIGN budgets||false",
      "2 DESIGN |a bad input gets a clear message|true",
      "3 DESIGN |Commands|false",
      "3 DESIGN |Uploads are commands too|true",
      "4 CONVENTIONS habit|3|false",
      "4 CONVENTIONS |braid anchor|false",
      "4 DESIGN ||false"
    ])
    const d = '# D\n## Commands\nCited as: "a bad input gets a clear message".\n## Budgets\n'
    const c = "# C\n| braid | tokens |\n## Habits\n3. **A typed boundary**\n"
    const at = (x: Partial<DocCitation>): DocCitation => ({ file: "a", line: 1, doc: "DESIGN", keyword: "", name: "", quoted: true, ...x })
    expect(resolveDoc(at({ name: "commands" }), d, c)).toBeNull()
    expect(resolveDoc(at({ name: "A bad input gets a clear message." }), d, c)).toBeNull()
    expect(resolveDoc(at({ name: "Commands were", quoted: false }), d, c)).toBeNull()
    expect(resolveDoc(at({ keyword: "budget", quoted: false }), d, c)).toBeNull()
    expect(resolveDoc(at({ name: "Pull" }), d, c)).toMatch(/neither a heading/)
    expect(resolveDoc(at({ quoted: false }), d, c)).toMatch(/without naming a section/)
    expect(resolveDoc(at({ doc: "CONVENTIONS", keyword: "habit", name: "3", quoted: false }), d, c)).toBeNull()
    expect(resolveDoc(at({ doc: "CONVENTIONS", keyword: "habit", name: "4", quoted: false }), d, c)).toMatch(/not a numbered habit/)
    expect(resolveDoc(at({ doc: "CONVENTIONS", name: "braid anchor", quoted: false }), d, c)).toBeNull()
    expect(
      sectionCitations("a.ts", ' * (docs/decisions.md "Pix Automático"; README "Run it"), read("sync/SPEC.md"), "utf8"').map((c) => `${c.doc}|${c.name}`)
    ).toEqual(["docs/decisions.md|Pix Automático", "README.md|Run it"])
    expect(resolveSection("D-sessions", "# x\n## D-sessions — the sessions (issue 30)\n")).toBe(true)
    expect(resolveSection("How to start", "# x\n## Run it\n")).toBe(false)
    expect(linksOf("[a](b.md#c) `[x](no.md)` [w](https://x.org) [s](#top)\n```\n[z](gone.md)\n```\n")).toEqual([
      { target: "b.md#c", line: 1 },
      { target: "#top", line: 1 }
    ])
    expect([...anchorsOf("# D-pix-keys, D-pix-slice — Pix keys (issue 12)\n## A\n## A\n```\n# not\n```\n")]).toEqual([
      "d-pix-keys-d-pix-slice--pix-keys-issue-12",
      "a",
      "a-1"
    ])
  })
})
