import { WHATS_LEFT_LIMIT } from '@/config/constants'
import type { CompletionBand, CompletionItem } from '../types'

/** The completion card's message per band (product spec 4), word for word. */
export function bandMessage(band: CompletionBand, score: number): string {
  switch (band) {
    case 'start':
      return "Let's get you set up."
    case 'good':
      return 'Great start—verify contacts next.'
    case 'half':
      return 'Halfway there—add key details to unlock faster checkout.'
    case 'almost':
      return 'Almost done—just a couple more steps.'
    case 'complete':
      return `Fantastic—${score}% complete.`
  }
}

/** The percentage as shown: a whole number from 0 to 100. */
export function clampScore(score: number): number {
  if (!Number.isFinite(score)) return 0
  return Math.min(100, Math.max(0, Math.round(score)))
}

/** 'What's left': the open steps, heaviest first (ties keep the server's order), at most five. */
export function whatsLeft(breakdown: readonly CompletionItem[]): CompletionItem[] {
  return breakdown
    .filter((item) => !item.completed)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, WHATS_LEFT_LIMIT)
}
