/** Typical allowances on Indian routes: the ticket's own allowance always wins. */
export interface BaggageRow {
  travel: string
  cabin: string
  checkIn: string
}

export const BAGGAGE_ROWS: readonly BaggageRow[] = [
  {
    travel: 'Domestic, economy',
    cabin: '1 bag up to 7 kg, plus a small personal item such as a laptop bag or handbag',
    checkIn: '15 kg on most fares; none on hand-baggage-only fares',
  },
  {
    travel: 'Domestic, premium economy or business',
    cabin: '1–2 bags, 7–10 kg in all',
    checkIn: '20–35 kg depending on the airline and fare',
  },
  {
    travel: 'International, economy (Gulf, Asia, Europe)',
    cabin: '1 bag of 7 kg, some airlines allow 10 kg',
    checkIn: '20–30 kg in total, depending on the fare family',
  },
  {
    travel: 'International, economy (USA and Canada)',
    cabin: '1 bag of 7–8 kg plus a personal item',
    checkIn: 'Usually 2 bags of up to 23 kg each (piece concept)',
  },
]

export const BAGGAGE_RULES: readonly string[] = [
  'Power banks and spare lithium batteries go in the cabin bag only, never in checked baggage; most airlines allow up to 100 Wh without approval.',
  'On international flights, liquids in the cabin are limited to 100 ml a container, in one resealable 1-litre bag.',
  'Dry coconut, e-cigarettes, lighters and gas-filled items are not allowed in checked baggage on Indian airlines.',
  'Extra baggage costs less bought online before the flight than at the airport counter.',
  'Report a delayed or damaged bag at the airline’s baggage desk before you leave the arrival hall and keep the report (the PIR).',
]
