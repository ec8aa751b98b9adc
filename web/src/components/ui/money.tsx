import { visuallyHiddenStyle } from '@chakra-ui/react/visually-hidden'
import type { CSSProperties, ReactNode } from 'react'
import { formatINR, formatMoney, spokenINR, spokenMoney } from '@/lib/money'

// Chakra's visually-hidden styles, as a plain style: an amount is on every card of a results
// list, rendered again on every filter's tap, where a styled element costs its style work each time.
const HIDDEN = visuallyHiddenStyle as CSSProperties

/**
 * What is shown (`children`), hidden from screen readers, and the words they
 * read in its place (`words`), visually hidden: for text whose symbols read
 * badly ("₹6,499 / night" said as "6,499 rupees per night"). A label on a
 * plain text element is not read reliably, so the words are text.
 */
export function ReadAs({ words, children, testId }: { words: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <span aria-hidden="true" data-testid={testId}>
        {children}
      </span>
      <span style={HIDDEN}>{words}</span>
    </>
  )
}

type MoneyProps = (
  | {
      /** An amount string from the API ("5293.46"). */
      amount: string
      /** Its currency; INR when absent. */
      currency?: string
    }
  | {
      /** An amount already in paise. */
      paise: bigint
    }
) & {
  /** A test id for the shown text ("₹5,293.46") alone. */
  testId?: string
}

/**
 * An amount as the site shows it ("₹45,624"), read by screen readers as
 * words ("45,624 rupees"). Put it inside the element that styles it.
 */
export function Money(props: MoneyProps) {
  const shown = 'paise' in props ? formatINR(props.paise) : formatMoney(props.amount, props.currency)
  const spoken = 'paise' in props ? spokenINR(props.paise) : spokenMoney(props.amount, props.currency)
  if (shown === spoken) return <span data-testid={props.testId}>{shown}</span>
  return (
    <ReadAs words={spoken} testId={props.testId}>
      {shown}
    </ReadAs>
  )
}
