import { paths } from '@/config/paths'
import { flightsHref, type FlightRoute } from '../lib/links'

export interface ChipLink {
  label: string
  to: string
}

export interface ChipGroup {
  title: string
  links: readonly ChipLink[]
}

const visa = (country: string, label: string): ChipLink => ({ label, to: paths.visaGuide(country) })
const holiday = (slug: string, label: string): ChipLink => ({ label, to: paths.holiday(slug) })
const flight = (label: string, route: FlightRoute): ChipLink => ({ label, to: flightsHref(route) })
const blog = (slug: string, label: string): ChipLink => ({ label, to: paths.blogPost(slug) })

/** The link groups at the foot of the home page (spec 2.4). */
export const CHIP_GROUPS: readonly ChipGroup[] = [
  {
    title: 'Tourist Visas',
    links: [
      visa('dubai', 'Dubai visa'),
      visa('singapore', 'Singapore visa'),
      visa('thailand', 'Thailand visa'),
      visa('malaysia', 'Malaysia visa'),
      visa('vietnam', 'Vietnam visa'),
      visa('schengen', 'Schengen visa'),
      visa('uk', 'UK visa'),
      visa('usa', 'USA visa'),
    ],
  },
  {
    title: 'Holiday ideas',
    links: [
      holiday('qatar', 'Qatar'),
      holiday('hong-kong', 'Hong Kong'),
      holiday('saudi', 'Saudi Arabia'),
      holiday('dubai-stopover', 'Dubai stopover'),
      holiday('qatar-stopover', 'Qatar stopover'),
      holiday('group-departures', 'Group departures'),
      { label: 'All holidays', to: paths.holidays },
    ],
  },
  {
    title: 'Airlines',
    links: [
      flight('IndiGo', { from: 'DEL', to: 'BOM', airline: '6E' }),
      flight('Air India', { from: 'DEL', to: 'BOM', airline: 'AI' }),
      flight('Akasa Air', { from: 'BOM', to: 'BLR', airline: 'QP' }),
      flight('SpiceJet', { from: 'DEL', to: 'GOI', airline: 'SG' }),
      flight('Air India Express', { from: 'BLR', to: 'CCU', airline: 'IX' }),
      flight('Emirates', { from: 'BOM', to: 'DXB', airline: 'EK' }),
    ],
  },
  {
    title: 'Domestic flights',
    links: [
      flight('Delhi to Mumbai', { from: 'DEL', to: 'BOM' }),
      flight('Bengaluru to Delhi', { from: 'BLR', to: 'DEL' }),
      flight('Mumbai to Goa', { from: 'BOM', to: 'GOI' }),
      flight('Delhi to Bengaluru', { from: 'DEL', to: 'BLR' }),
      flight('Chennai to Mumbai', { from: 'MAA', to: 'BOM' }),
      flight('Kolkata to Delhi', { from: 'CCU', to: 'DEL' }),
      flight('Hyderabad to Bengaluru', { from: 'HYD', to: 'BLR' }),
    ],
  },
  {
    title: 'International flights',
    links: [
      flight('Mumbai to Dubai', { from: 'BOM', to: 'DXB' }),
      flight('Delhi to Singapore', { from: 'DEL', to: 'SIN' }),
      flight('Delhi to London', { from: 'DEL', to: 'LHR' }),
      flight('Mumbai to Bangkok', { from: 'BOM', to: 'BKK' }),
      flight('Kochi to Dubai', { from: 'COK', to: 'DXB' }),
      flight('Chennai to Singapore', { from: 'MAA', to: 'SIN' }),
    ],
  },
  {
    title: 'Blogs',
    links: [
      blog('visa-on-arrival-countries-for-indians', 'Visa on arrival for Indians'),
      blog('dubai-visa-for-indians', 'Dubai visa for Indians'),
      blog('schengen-visa-checklist', 'Schengen visa checklist'),
      blog('monsoon-in-kerala', 'Monsoon in Kerala'),
      blog('monsoon-treks-western-ghats', 'Monsoon treks in the Western Ghats'),
      blog('first-cruise-from-india', 'Your first cruise from India'),
      blog('cruise-packing-list', 'Cruise packing list'),
      blog('planning-a-company-offsite-in-goa', 'A company offsite in Goa'),
    ],
  },
  {
    title: 'Customer care',
    links: [
      { label: 'Web check-in', to: paths.checkin },
      { label: 'Contact us', to: paths.contact },
      { label: 'Careers', to: paths.careers },
    ],
  },
]
