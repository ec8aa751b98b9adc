/**
 * The parts of a page rendered ahead of time that depend on the address the page is loaded at: the
 * build lays them out hidden, marked `data-first-screen="<name>"`, and src/boot.ts writes them as the
 * HTML arrives, before the app has loaded (src/app/first-screen.ts says what each holds).
 */
export const FIRST_SCREEN = {
  /** The results banner's line: the search the address holds. */
  searchSummary: 'search-summary',
} as const

export type FirstScreenPart = (typeof FIRST_SCREEN)[keyof typeof FIRST_SCREEN]
