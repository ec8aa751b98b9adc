import { offices } from '@/config/company'

/** A run of text inside a paragraph or list item: plain, an in-app link (`to`), or a mailto/tel/external link (`href`). */
export type Inline = string | { text: string; to: string } | { text: string; href: string }

/** Text that may carry links: a plain string, or runs of text and links in reading order. */
export type RichText = string | readonly Inline[]

export type PolicyBlock =
  | { kind: 'p'; text: RichText }
  | { kind: 'list'; items: readonly RichText[] }
  | {
      kind: 'table'
      /** Names the table for screen readers and the scrollable region around it. */
      caption: string
      columns: readonly string[]
      /** One entry per row; the first cell is the row's header. */
      rows: readonly (readonly string[])[]
      /** Show the first column in a code font (cookie and storage names). */
      codeFirstColumn?: boolean
    }

export interface PolicySection {
  /** The h2's id, linked from the table of contents. */
  id: string
  heading: string
  blocks: readonly PolicyBlock[]
}

/** A company or policy page, rendered by PolicyPage. */
export interface PolicyDocument {
  /** The page's h1 and document title. */
  title: string
  /** The meta description: one or two sentences, unique to the page. */
  description: string
  lead: string
  /** When the page last changed, as an ISO date (YYYY-MM-DD). */
  updated: string
  sections: readonly PolicySection[]
}

/** The date every policy page was last revised. */
export const POLICIES_UPDATED = '2026-11-01'

/** The head office's postal address on one line (the first of the company's offices is the HQ). */
export const HEAD_OFFICE_ADDRESS = (offices[0]?.address ?? []).join(', ')
