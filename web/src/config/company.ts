export const company = {
  name: 'Paryatan Travel Private Limited',
  brand: 'Paryatan',
  phone: '+91 124 400 5500',
  email: 'care@paryatan.in',
  /** The WhatsApp Business number travellers message (same hours as the phone). */
  whatsapp: '+91 98100 55500',
} as const

/** The phone number as a `tel:` URI (digits and the leading plus only). */
export const companyPhoneHref = `tel:${company.phone.replace(/[^\d+]/g, '')}`
export const companyEmailHref = `mailto:${company.email}`
/** A chat with the WhatsApp number (wa.me takes the number as digits only). */
export const companyWhatsAppHref = `https://wa.me/${company.whatsapp.replace(/\D/g, '')}`

/** When the teams answer (product spec 9). */
export const BUSINESS_HOURS = 'Mon–Sat 9:00 AM–8:00 PM IST'

/** The teams enquiries go to, and their mailboxes (the API's defaults at the company's domain). */
export type Team = 'holidays' | 'mice' | 'support'

export const teamMailboxes: Readonly<Record<Team, string>> = {
  holidays: 'holidays@paryatan.in',
  mice: 'mice@paryatan.in',
  support: 'support@paryatan.in',
}

export const teamNames: Readonly<Record<Team, string>> = {
  holidays: 'Holidays team',
  mice: 'MICE team',
  support: 'Support team',
}

export interface Office {
  /** Stable id, for element ids and tests. */
  id: string
  name: string
  /** The postal address, one line per entry. */
  address: readonly string[]
  phone: string
  /** Where the map centres and puts its marker. */
  lat: number
  lon: number
}

/** Paryatan's offices (Gurgaon HQ first). */
export const offices: readonly Office[] = [
  {
    id: 'gurgaon',
    name: 'Gurgaon HQ',
    address: ['7th Floor, Tower B, DLF Cyber Greens', 'DLF Cyber City, Sector 25A', 'Gurugram, Haryana 122002'],
    phone: '+91 124 400 5500',
    lat: 28.4951,
    lon: 77.0888,
  },
  {
    id: 'mumbai',
    name: 'Mumbai',
    address: [
      'Office 512, 5th Floor, The Capital',
      'G Block, Bandra Kurla Complex, Bandra (East)',
      'Mumbai, Maharashtra 400051',
    ],
    phone: '+91 22 6900 5500',
    lat: 19.0655,
    lon: 72.8652,
  },
]

/** A phone number as a `tel:` URI. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`
}
