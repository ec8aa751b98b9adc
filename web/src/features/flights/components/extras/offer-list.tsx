import { Badge } from '@chakra-ui/react/badge'
import { Fieldset } from '@chakra-ui/react/fieldset'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useId } from 'react'
import { RadioChoice } from '@/components/ui/choice'
import { Money } from '@/components/ui/money'

/** One thing on offer: what it is and what it costs (null: the price cannot be read, so it is not offered). */
export interface Offer {
  code: string
  title: string
  paise: bigint | null
  included: boolean
}

interface OfferListProps {
  /** The group's name: "Meal · DEL → BOM". */
  legend: string
  /** The first option, chosen until another is: "No meal". */
  none: string
  offers: readonly Offer[]
  /** The code chosen; none when undefined. */
  value: string | undefined
  onChoose: (code: string | null) => void
}

/**
 * Offers of one flight as a native radio group (arrow keys move and choose,
 * as a radio group's should: each is one line and one price), starting with
 * the option of taking nothing.
 */
export function OfferList({ legend, none, offers, value, onChoose }: OfferListProps) {
  const name = useId()
  const shown = offers.filter((o) => o.paise !== null)
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{legend}</Fieldset.Legend>
      <Stack gap="2" mt="2">
        <RadioChoice name={name} value="" checked={value === undefined} onChange={(on) => on && onChoose(null)}>
          {none}
        </RadioChoice>
        {shown.map((o) => (
          <RadioChoice
            key={o.code}
            name={name}
            value={o.code}
            checked={value === o.code}
            onChange={(on) => on && onChoose(o.code)}
          >
            <span>{o.title}</span>
            {/* A space for the radio's name ("Veg sandwich 199 rupees 50 paise"); the flex gap spaces it on screen. */}{' '}
            {o.included ? (
              <Badge colorPalette="green">Included</Badge>
            ) : (
              <Text as="span" fontWeight="semibold">
                {o.paise === 0n ? 'Free' : <Money paise={o.paise!} />}
              </Text>
            )}
          </RadioChoice>
        ))}
      </Stack>
    </Fieldset.Root>
  )
}
