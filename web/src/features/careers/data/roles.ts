export type Team = 'Engineering' | 'Travel operations' | 'Sales' | 'Customer care'

/** An open role. The id goes into the application e-mail's subject so it reaches the right panel. */
export interface Role {
  id: string
  title: string
  team: Team
  location: string
  /** Full-time, contract… */
  type: string
  experience: string
  summary: string
  responsibilities: readonly string[]
  requirements: readonly string[]
}

export const CAREERS_EMAIL = 'careers@paryatan.in'

export const ROLES: readonly Role[] = [
  {
    id: 'ENG-GO-01',
    title: 'Senior backend engineer (Go)',
    team: 'Engineering',
    location: 'Gurugram or remote in India',
    type: 'Full-time',
    experience: '5+ years',
    summary:
      'Own the booking engine that talks to airlines and payment gateways: calls that take two minutes, money that must never be lost, and a Kubernetes platform to run it on.',
    responsibilities: [
      'Design and build the flight, payment and enquiry services in Go with PostgreSQL',
      'Keep bookings safe through timeouts, retries and pod restarts',
      'Run what you build: metrics, traces, alerts and the on-call rota',
      'Review code and help the team raise its bar',
    ],
    requirements: [
      'Production Go, SQL and HTTP APIs; you have debugged a race condition and a slow query',
      'Kubernetes as a user (deployments, probes, operators a plus)',
      'Care for correctness where money is involved',
    ],
  },
  {
    id: 'ENG-WEB-02',
    title: 'Frontend engineer (React)',
    team: 'Engineering',
    location: 'Gurugram or remote in India',
    type: 'Full-time',
    experience: '3+ years',
    summary:
      'Make booking a flight on a ₹10,000 phone over a patchy 4G connection feel fast, and make every screen work with a keyboard and a screen reader.',
    responsibilities: [
      'Build the search, fare, booking and account screens in React and TypeScript',
      'Keep each page within its JavaScript and Web Vitals budget',
      'Write Vitest and Playwright tests for the journeys travellers rely on',
    ],
    requirements: [
      'Strong React and TypeScript; comfortable with a router, forms and server state',
      'Working knowledge of WCAG 2.2 and how to test it',
      'An eye for detail in Indian formats: ₹ amounts, dates, names, phone numbers',
    ],
  },
  {
    id: 'OPS-VISA-03',
    title: 'Visa operations executive',
    team: 'Travel operations',
    location: 'Gurugram',
    type: 'Full-time',
    experience: '1–3 years',
    summary:
      'Guide travellers through UAE, Schengen, UK and US visa files: what to submit, how to fill it in and when to book the appointment.',
    responsibilities: [
      'Check documents and forms before submission and explain what is missing',
      'Book VFS and embassy appointments and track each file to a decision',
      'Keep our visa guides current when rules change',
    ],
    requirements: [
      'Experience filing tourist and business visas for Indian passport holders',
      'Clear written and spoken English and Hindi',
      'Patience with anxious first-time travellers',
    ],
  },
  {
    id: 'OPS-HOL-04',
    title: 'Holiday travel consultant',
    team: 'Travel operations',
    location: 'Mumbai (BKC)',
    type: 'Full-time',
    experience: '2+ years',
    summary:
      'Turn a concierge enquiry into a holiday a family remembers: flights, hotels, transfers and visas quoted together and delivered without surprises.',
    responsibilities: [
      'Answer holiday and cruise enquiries within a working day',
      'Build itineraries and quotes with hotel, cruise and DMC partners',
      'Stay with the traveller until they are home, including the 2 AM call',
    ],
    requirements: [
      'Sold or planned international holidays (Dubai, Southeast Asia, Europe)',
      'Good knowledge of fares, hotel contracting and cancellation terms',
    ],
  },
  {
    id: 'SAL-MICE-05',
    title: 'MICE sales manager',
    team: 'Sales',
    location: 'Gurugram',
    type: 'Full-time',
    experience: '4+ years',
    summary:
      'Win and run offsites, incentive trips and conferences for Indian companies, from a 40-person team retreat in Goa to a 400-delegate dealer meet abroad.',
    responsibilities: [
      'Meet HR, admin and sales leaders and write proposals that win',
      'Negotiate venues, group fares and ground handling',
      'Hand over to operations with a plan nobody has to guess at',
    ],
    requirements: [
      'A record of corporate or MICE sales in India',
      'Comfort with GST invoicing and corporate procurement',
    ],
  },
  {
    id: 'CC-SUP-06',
    title: 'Customer care associate (rotational shifts)',
    team: 'Customer care',
    location: 'Gurugram',
    type: 'Full-time',
    experience: '0–2 years',
    summary:
      'Be the voice travellers reach when plans change: reissues, cancellations, refunds and the flight that left without them.',
    responsibilities: [
      'Answer calls, e-mails and WhatsApp messages within our response times',
      'Change, cancel and refund bookings following airline rules',
      'Write down what went wrong so the product can fix it',
    ],
    requirements: [
      'Good English and Hindi; another Indian language is a plus',
      'Calm under pressure and careful with details',
      'Willing to work rotational shifts, including some nights and weekends',
    ],
  },
]

/** The teams that have openings, in the order roles are listed. */
export function teamsWithRoles(roles: readonly Role[] = ROLES): Team[] {
  return [...new Set(roles.map((r) => r.team))]
}

/** A mailto link that opens an application for role (or a general one), with its subject filled in. */
export function applyHref(role?: Role): string {
  const subject = role ? `Application: ${role.title} (${role.id})` : 'Application: open application'
  return `mailto:${CAREERS_EMAIL}?subject=${encodeURIComponent(subject)}`
}
