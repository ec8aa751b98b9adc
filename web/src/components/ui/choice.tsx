import { chakra } from '@chakra-ui/react/styled-system'
import type { ChangeEvent, ReactNode } from 'react'

// Native radio buttons and checkboxes in the theme's colours. The browser gives
// them their roles, names, keyboard behaviour (arrows move within a radio group,
// Space toggles) and form semantics, with no JavaScript of their own: the home
// page's search form uses them to stay within its JavaScript budget.

const ChoiceLabel = chakra('label', {
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    minHeight: '6',
    cursor: 'pointer',
    fontSize: 'sm',
    color: 'fg',
  },
})

const ChoiceInput = chakra('input', {
  base: {
    width: '4',
    height: '4',
    margin: '0',
    flexShrink: '0',
    accentColor: 'colorPalette.solid',
    cursor: 'pointer',
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
  },
})

interface ChoiceProps {
  checked: boolean
  onChange: (checked: boolean) => void
  children: ReactNode
  /** The palette of the mark and focus ring (a semantic palette of the theme). */
  colorPalette?: string
}

/** One radio button of a group sharing `name`. */
export function RadioChoice({
  name,
  value,
  checked,
  onChange,
  children,
  colorPalette = 'brand',
}: ChoiceProps & { name: string; value: string }) {
  return (
    <ChoiceLabel>
      <ChoiceInput
        type="radio"
        name={name}
        value={value}
        checked={checked}
        colorPalette={colorPalette}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.checked)}
      />
      {children}
    </ChoiceLabel>
  )
}

/** A checkbox with its label. */
export function CheckboxChoice({ checked, onChange, children, colorPalette = 'brand' }: ChoiceProps) {
  return (
    <ChoiceLabel>
      <ChoiceInput
        type="checkbox"
        checked={checked}
        colorPalette={colorPalette}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onChange(e.target.checked)}
      />
      {children}
    </ChoiceLabel>
  )
}
