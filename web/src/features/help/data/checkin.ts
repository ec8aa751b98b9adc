/** An airline's own web check-in page. */
export interface CheckinAirline {
  /** IATA code, as on the ticket. */
  code: string
  name: string
  /** 'domestic' for Indian carriers, 'international' for the rest. */
  kind: 'domestic' | 'international'
  url: string
  /** When online check-in usually opens and closes for flights from India. */
  window: string
}

/** The airlines travellers book with us most, with their own check-in pages. */
export const CHECKIN_AIRLINES: readonly CheckinAirline[] = [
  {
    code: '6E',
    name: 'IndiGo',
    kind: 'domestic',
    url: 'https://www.goindigo.in/web-check-in.html',
    window: 'Opens 48 hours and closes 60 minutes before departure (75 minutes on international flights).',
  },
  {
    code: 'AI',
    name: 'Air India',
    kind: 'domestic',
    url: 'https://www.airindia.com/in/en/manage/web-checkin.html',
    window:
      'Opens 48 hours and closes 60 minutes before domestic departures (24 hours and 2 hours for many international flights).',
  },
  {
    code: 'IX',
    name: 'Air India Express',
    kind: 'domestic',
    url: 'https://www.airindiaexpress.com/checkin-home',
    window: 'Opens 48 hours and closes 60 minutes before domestic departures.',
  },
  {
    code: 'QP',
    name: 'Akasa Air',
    kind: 'domestic',
    url: 'https://www.akasaair.com/check-in',
    window: 'Opens 48 hours and closes 60 minutes before departure.',
  },
  {
    code: 'SG',
    name: 'SpiceJet',
    kind: 'domestic',
    url: 'https://www.spicejet.com/check-in',
    window: 'Opens 48 hours and closes 60 minutes before domestic departures.',
  },
  {
    code: '9I',
    name: 'Alliance Air',
    kind: 'domestic',
    url: 'https://www.allianceair.in/',
    window: 'Opens 48 hours and closes 60 minutes before departure.',
  },
  {
    code: 'S5',
    name: 'Star Air',
    kind: 'domestic',
    url: 'https://www.starair.in/',
    window: 'Opens 48 hours and closes 60 minutes before departure.',
  },
  {
    code: 'EK',
    name: 'Emirates',
    kind: 'international',
    url: 'https://www.emirates.com/in/english/manage-booking/online-check-in/',
    window: 'Opens 48 hours and closes 90 minutes before departure.',
  },
  {
    code: 'EY',
    name: 'Etihad Airways',
    kind: 'international',
    url: 'https://www.etihad.com/en-in/manage/check-in',
    window: 'Opens 30 hours and closes 4 hours before departure from India.',
  },
  {
    code: 'QR',
    name: 'Qatar Airways',
    kind: 'international',
    url: 'https://www.qatarairways.com/en-in/manage-booking/online-check-in.html',
    window: 'Opens 48 hours and closes 90 minutes before departure.',
  },
  {
    code: 'FZ',
    name: 'flydubai',
    kind: 'international',
    url: 'https://www.flydubai.com/en/plan/online-check-in',
    window: 'Opens 48 hours and closes 75 minutes before departure.',
  },
  {
    code: 'G9',
    name: 'Air Arabia',
    kind: 'international',
    url: 'https://www.airarabia.com/en/online-check-in',
    window: 'Opens 48 hours and closes 4 hours before departure from India.',
  },
  {
    code: 'SQ',
    name: 'Singapore Airlines',
    kind: 'international',
    url: 'https://www.singaporeair.com/en_UK/in/travel-info/check-in/',
    window: 'Opens 48 hours and closes 2 hours before departure from India.',
  },
  {
    code: 'TG',
    name: 'Thai Airways',
    kind: 'international',
    url: 'https://www.thaiairways.com/en-in/manage/online-check-in',
    window: 'Opens 24 hours and closes 1 hour before departure.',
  },
  {
    code: 'MH',
    name: 'Malaysia Airlines',
    kind: 'international',
    url: 'https://www.malaysiaairlines.com/in/en/plan/check-in.html',
    window: 'Opens 24 hours and closes 90 minutes before departure.',
  },
  {
    code: 'VN',
    name: 'Vietnam Airlines',
    kind: 'international',
    url: 'https://www.vietnamairlines.com/in/en/travel-information/check-in',
    window: 'Opens 24 hours and closes 1 hour before departure.',
  },
  {
    code: 'UL',
    name: 'SriLankan Airlines',
    kind: 'international',
    url: 'https://www.srilankan.com/en_uk/plan-and-book/online-check-in',
    window: 'Opens 24 hours and closes 2 hours before departure.',
  },
  {
    code: 'WY',
    name: 'Oman Air',
    kind: 'international',
    url: 'https://www.omanair.com/in/en/online-check-in',
    window: 'Opens 24 hours and closes 2 hours before departure.',
  },
  {
    code: 'BA',
    name: 'British Airways',
    kind: 'international',
    url: 'https://www.britishairways.com/travel/olcilandingpageauthreq/public/en_in',
    window: 'Opens 24 hours before departure; closes 60 minutes before for flights from India.',
  },
  {
    code: 'VS',
    name: 'Virgin Atlantic',
    kind: 'international',
    url: 'https://www.virginatlantic.com/check-in',
    window: 'Opens 24 hours before departure.',
  },
  {
    code: 'LH',
    name: 'Lufthansa',
    kind: 'international',
    url: 'https://www.lufthansa.com/in/en/online-check-in',
    window: 'Opens 23 hours before departure.',
  },
  {
    code: 'AF',
    name: 'Air France',
    kind: 'international',
    url: 'https://wwws.airfrance.in/check-in',
    window: 'Opens 30 hours before departure.',
  },
  {
    code: 'KL',
    name: 'KLM',
    kind: 'international',
    url: 'https://www.klm.co.in/check-in',
    window: 'Opens 30 hours before departure.',
  },
  {
    code: 'TK',
    name: 'Turkish Airlines',
    kind: 'international',
    url: 'https://www.turkishairlines.com/en-in/flights/manage-booking/online-check-in/',
    window: 'Opens 24 hours and closes 90 minutes before departure.',
  },
]

/** The airlines whose name or code matches what the traveller typed (case and spaces ignored). */
export function findCheckinAirlines(query: string, airlines: readonly CheckinAirline[] = CHECKIN_AIRLINES) {
  const q = query.trim().toLowerCase().replace(/\s+/g, ' ')
  if (!q) return airlines
  return airlines.filter((a) => a.name.toLowerCase().includes(q) || a.code.toLowerCase() === q)
}
