import { Button } from '@chakra-ui/react/button'
import { Checkbox } from '@chakra-ui/react/checkbox'
import { Heading } from '@chakra-ui/react/heading'
import { Stack } from '@chakra-ui/react/stack'
import { Text } from '@chakra-ui/react/text'
import { useState } from 'react'
import { toCoTraveller, type NewCoTraveller, type TravellerValues } from '../../lib/passenger'

export interface HandTyped {
  /** The traveller's place on the booking (its form's index). */
  index: number
  heading: string
  values: TravellerValues
}

interface SaveCoTravellersProps {
  travellers: HandTyped[]
  onSave(person: NewCoTraveller): Promise<unknown>
}

type Outcome = 'saved' | 'failed'

const nameOf = (t: HandTyped) => [t.values.firstName.trim(), t.values.lastName.trim()].filter(Boolean).join(' ')

/**
 * After a booking: the travellers typed by hand, each with its own box
 * (unticked), kept as co-travellers for next time once Save is pressed.
 */
export function SaveCoTravellers({ travellers, onSave }: SaveCoTravellersProps) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set())
  const [outcomes, setOutcomes] = useState<ReadonlyMap<number, Outcome>>(new Map())
  const [saving, setSaving] = useState(false)
  if (travellers.length === 0) return null

  const toSave = travellers.filter((t) => ticked.has(t.index) && outcomes.get(t.index) !== 'saved')
  const save = async () => {
    setSaving(true)
    const results = await Promise.all(
      toSave.map(async (t) => {
        try {
          await onSave(toCoTraveller(t.values))
          return [t.index, 'saved'] as const
        } catch {
          return [t.index, 'failed'] as const
        }
      }),
    )
    setOutcomes((old) => new Map([...old, ...results]))
    setSaving(false)
  }
  const toggle = (index: number, on: boolean) =>
    setTicked((old) => {
      const next = new Set(old)
      if (on) next.add(index)
      else next.delete(index)
      return next
    })
  const reported = travellers.filter((t) => outcomes.has(t.index))

  return (
    <Stack gap="3" as="section" aria-labelledby="save-co-travellers-heading">
      <Heading as="h3" size="md" id="save-co-travellers-heading">
        Save to your co-travellers
      </Heading>
      <Text color="fg.muted">Tick the travellers to keep for your next booking.</Text>
      {travellers.map((t) => (
        <Checkbox.Root
          key={t.index}
          checked={ticked.has(t.index)}
          disabled={outcomes.get(t.index) === 'saved'}
          onCheckedChange={(e) => toggle(t.index, e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {nameOf(t)} ({t.heading})
          </Checkbox.Label>
        </Checkbox.Root>
      ))}
      <Button
        alignSelf="start"
        variant="outline"
        onClick={() => void save()}
        loading={saving}
        disabled={toSave.length === 0}
      >
        Save
      </Button>
      {reported.length ? (
        <Stack gap="1" role="status">
          {reported.map((t) => (
            <Text key={t.index}>
              {outcomes.get(t.index) === 'saved' ? `Saved ${nameOf(t)}.` : `Could not save ${nameOf(t)}.`}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  )
}
