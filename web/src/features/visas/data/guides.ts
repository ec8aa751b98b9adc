/** The country slugs that have a visa guide, /visas/{slug}. */
export type VisaGuideSlug = 'dubai' | 'singapore' | 'thailand' | 'malaysia' | 'vietnam' | 'schengen' | 'uk' | 'usa'

/** A blog post that goes deeper into the same visa, /blogs/{slug}. */
export interface RelatedBlogPost {
  slug: 'dubai-visa-for-indians' | 'schengen-visa-checklist' | 'visa-on-arrival-countries-for-indians'
  title: string
}

/** A visa guide for Indian passport holders, /visas/{slug}. */
export interface VisaGuide {
  slug: VisaGuideSlug
  /** Display name of the country or area, e.g. "UAE (Dubai)". */
  country: string
  /** The page's h1 and the concierge card name. */
  title: string
  /** The meta description. */
  description: string
  intro: string
  visaType: string
  /** A range: rules and queues vary. */
  processing: string
  stay: string
  /** Indicative, in rupees; fees change with official revisions and exchange rates. */
  fee: string
  documents: readonly string[]
  /** In the order a traveller does them. */
  steps: readonly string[]
  tips: readonly string[]
  /** The same for every guide: rules change, so check before booking. */
  rulesNote: string
  relatedBlog?: RelatedBlogPost
}

export const VISA_RULES_NOTE = 'Rules change: check the current rule with us or the embassy before you book.'

const VISA_ON_ARRIVAL_POST: RelatedBlogPost = {
  slug: 'visa-on-arrival-countries-for-indians',
  title: 'Visa on arrival for Indians',
}

function guide(input: Omit<VisaGuide, 'rulesNote'>): VisaGuide {
  return { ...input, rulesNote: VISA_RULES_NOTE }
}

export const VISA_GUIDES: readonly VisaGuide[] = [
  guide({
    slug: 'dubai',
    country: 'UAE (Dubai)',
    title: 'Dubai visa for Indians',
    description:
      'How Indian passport holders get a Dubai tourist visa: who can get a visa on arrival, the documents to send, processing time and indicative fees.',
    intro:
      'Most Indian travellers need a UAE visa arranged before they fly, usually a 30- or 60-day tourist e-visa issued through an airline, hotel or travel company. If you hold a valid US visa or green card, or a UK or EU residence permit, you may get a 14-day visa on arrival instead.',
    visaType: 'Tourist e-visa arranged before travel; visa on arrival if eligible',
    processing: 'Usually 2–5 working days',
    stay: '30 or 60 days on a tourist e-visa; 14 days on a visa on arrival, which can be extended',
    fee: 'From about ₹6,500 with service for a 30-day e-visa; a visa on arrival costs about ₹2,400 (AED 100)',
    documents: [
      'Passport valid for at least six months from the date you arrive',
      'Clear colour scan of the passport’s first and last pages',
      'Recent passport-size photo with a white background',
      'Confirmed return or onward air ticket',
      'Hotel booking, or the name and address of your host in the UAE',
      'For a visa on arrival: your valid US visa or green card, or UK or EU residence permit',
      'Sometimes a PAN card copy or a recent bank statement, depending on the sponsor',
    ],
    steps: [
      'Pick the visa that matches your dates: 30 or 60 days, single or multiple entry.',
      'Send us the passport scan, photo and travel plan; we check them before filing.',
      'We file the application through a UAE sponsor and pay the government fee.',
      'The e-visa arrives by email, usually within a few working days; print it and carry it.',
      'At Dubai airport, immigration checks the e-visa against your passport. No sticker is needed.',
    ],
    tips: [
      'Airlines check your UAE visa at check-in in India, so fly only once it is issued and the spelling matches your passport exactly.',
      'If you qualify for a visa on arrival, carry the original US visa, green card or residence card: a photocopy will not do.',
      'Emirates and flydubai passengers can often apply for the visa along with their ticket.',
      'Overstaying brings a fine for every extra day, so keep your return date inside the visa’s validity.',
    ],
    relatedBlog: { slug: 'dubai-visa-for-indians', title: 'Dubai visa for Indians' },
  }),
  guide({
    slug: 'singapore',
    country: 'Singapore',
    title: 'Singapore visa for Indians',
    description:
      'Apply for a Singapore visa from India through an authorised agent: documents, the SG Arrival Card, processing time and indicative cost for Indian passport holders.',
    intro:
      'Indian passport holders need a visa for Singapore. From India you apply through one of the agents authorised by Singapore’s Immigration & Checkpoints Authority (ICA), not directly, and the visa comes as an e-visa that you print and carry.',
    visaType: 'e-Visa through an authorised agent',
    processing: 'Usually 3–5 working days',
    stay: 'Up to 30 days per visit, decided at the border; the visa may allow several entries over a longer period',
    fee: 'About ₹2,500–₹3,500 with the agent’s service charge',
    documents: [
      'Passport valid for at least six months, with blank pages',
      'Form 14A, which we fill in with you',
      'One recent colour photo to ICA’s specification (35 × 45 mm, white background)',
      'Confirmed return air ticket',
      'Hotel booking for your stay',
      'Recent bank statements and, for some applicants, a covering letter or income tax returns',
    ],
    steps: [
      'Share your passport, photo and travel dates with us.',
      'We complete Form 14A and submit it through an authorised visa agent.',
      'ICA decides the application and the e-visa is emailed as a PDF.',
      'Within three days before you arrive, fill in the free SG Arrival Card online.',
      'Show your passport and printed e-visa at immigration.',
    ],
    tips: [
      'Apply at least two weeks before travel: ICA can ask for more documents, which adds time.',
      'The SG Arrival Card is free on ICA’s website and app; ignore sites that charge for it.',
      'Transiting Singapore to a third country? Indians holding a valid visa or residence permit for certain countries, such as the US, UK, Australia, Canada, Germany or Japan, may qualify for visa-free transit of up to 96 hours.',
      'Combining Singapore with Malaysia? Each country has its own entry rules and arrival card.',
    ],
    relatedBlog: VISA_ON_ARRIVAL_POST,
  }),
  guide({
    slug: 'thailand',
    country: 'Thailand',
    title: 'Thailand visa for Indians',
    description:
      'Thailand lets Indian passport holders in visa-free for short holidays. How the Thailand Digital Arrival Card works, what to carry, and when you still need a visa.',
    intro:
      'Indian passport holders have been able to visit Thailand visa-free for tourism since late 2023, and the allowed stay was raised to 60 days in 2024. Before you fly you fill in the free Thailand Digital Arrival Card (TDAC) online. Longer stays, work or study need a visa through the Thai e-Visa system.',
    visaType: 'Visa-free entry, with the TDAC',
    processing: 'No visa to process; the TDAC takes a few minutes and is filed within 3 days before arrival',
    stay: 'Up to 60 days per visit under the current scheme (a cut to 30 days has been discussed)',
    fee: '₹0: no visa fee for visa-free entry, and the TDAC is free',
    documents: [
      'Passport valid for at least six months from the date you arrive',
      'TDAC confirmation, submitted within three days before arrival',
      'Confirmed return or onward ticket within the allowed stay',
      'Hotel bookings for your nights in Thailand',
      'Funds for the trip if asked: officially 10,000 baht per person or 20,000 baht per family, in cash or equivalent',
    ],
    steps: [
      'Check that your trip is a holiday or short business visit within the visa-free stay.',
      'Book return flights and hotels.',
      'Within three days before you land, submit the TDAC on the official Thai immigration website and save the confirmation.',
      'At immigration, show your passport, TDAC, return ticket and hotel booking if asked.',
      'For a longer or different kind of stay, apply for a Thai e-Visa well before travel instead.',
    ],
    tips: [
      'The TDAC is free; look-alike websites charge for it, so use only the official one.',
      'Keep hotel bookings and the return ticket on your phone and on paper: officers sometimes ask.',
      'A visa-free stay can usually be extended once, by up to 30 days, at an immigration office in Thailand for a fee.',
      'Many visa-free entries back to back can draw questions at the border.',
    ],
    relatedBlog: VISA_ON_ARRIVAL_POST,
  }),
  guide({
    slug: 'malaysia',
    country: 'Malaysia',
    title: 'Malaysia visa for Indians',
    description:
      'Indian passport holders can visit Malaysia visa-free for up to 30 days. What the Malaysia Digital Arrival Card asks for, what to carry, and when you need an eVISA.',
    intro:
      'Since December 2023 Malaysia has let Indian passport holders visit visa-free for up to 30 days, and the scheme has been extended more than once. Every visitor submits the free Malaysia Digital Arrival Card (MDAC) before arriving. For a longer stay, or if the scheme ends, you need a Malaysia eVISA.',
    visaType: 'Visa-free entry, with the MDAC',
    processing: 'No visa to process; the MDAC takes a few minutes and is filed within 3 days before arrival',
    stay: 'Up to 30 days per visit',
    fee: '₹0: no visa fee under the visa-free scheme, and the MDAC is free',
    documents: [
      'Passport valid for at least six months from the date you arrive',
      'MDAC confirmation, submitted within three days before arrival',
      'Confirmed return or onward ticket',
      'Hotel bookings or the address where you will stay',
      'Enough money for the trip, in cash or on cards',
    ],
    steps: [
      'Check that your trip fits the visa-free stay of up to 30 days.',
      'Book return flights and hotels.',
      'Within three days before you arrive, submit the MDAC on the official Malaysian immigration website.',
      'At immigration, show your passport and, if asked, your ticket and hotel booking.',
      'For a longer stay, apply for a Malaysia eVISA online before travel.',
    ],
    tips: [
      'Each entry needs its own MDAC, so a Singapore side trip means a fresh one when you come back.',
      'The MDAC applies at land crossings from Singapore and Thailand, not only at airports.',
      'The MDAC is free; use only the official immigration website.',
      'Travelling on to Sabah or Sarawak? Those states run their own immigration checks, so carry your passport on domestic flights.',
    ],
    relatedBlog: VISA_ON_ARRIVAL_POST,
  }),
  guide({
    slug: 'vietnam',
    country: 'Vietnam',
    title: 'Vietnam visa for Indians',
    description:
      'How Indian passport holders apply for a Vietnam e-visa valid for up to 90 days: the official portal, documents, processing time and the fee in rupees.',
    intro:
      'Indian passport holders need a visa for Vietnam, and the easiest route is the e-visa. Vietnam’s immigration department issues it online for stays of up to 90 days, with single or multiple entries. You print the approved e-visa and enter through the border gate named on it.',
    visaType: 'e-Visa',
    processing: 'Usually 3–5 working days; longer around Tet (Lunar New Year)',
    stay: 'Up to 90 days, single or multiple entry',
    fee: 'About ₹2,200 (US$25) for single entry or ₹4,400 (US$50) for multiple entry, plus any service fee',
    documents: [
      'Passport valid for at least six months beyond your stay, with blank pages',
      'Clear scan of the passport’s photo page',
      'Recent portrait photo, 4 × 6 cm, white background, no glasses',
      'Your entry and exit dates and the airport or border gate you will enter through',
      'Address of your first hotel in Vietnam',
      'A card to pay the fee online',
    ],
    steps: [
      'Decide your dates, entry gate and whether you need single or multiple entry.',
      'Apply on the official government e-visa portal, or let us apply for you.',
      'Pay the fee online and note the application code.',
      'Check the status and download the approved e-visa, usually within a few working days.',
      'Print it and enter Vietnam through the gate named on the e-visa.',
    ],
    tips: [
      'Use only the official government portal: look-alike sites charge several times the real fee.',
      'Check every letter of your name, date of birth and passport number; a mistake means a fresh application and fee.',
      'Choose multiple entry if you plan side trips to Cambodia or Laos and back.',
      'Apply at least a week or two ahead, and earlier before Tet, when offices close for several days.',
    ],
    relatedBlog: VISA_ON_ARRIVAL_POST,
  }),
  guide({
    slug: 'schengen',
    country: 'Schengen area',
    title: 'Schengen visa for Indians',
    description:
      'Schengen visa for Indian passport holders: which consulate to apply to, the documents and €30,000 insurance, VFS appointments, waiting times and the fee in rupees.',
    intro:
      'One Schengen visa covers travel across the 29 Schengen countries. You apply to the consulate of your main destination, the country where you spend the most nights (or, if nights are equal, the one you enter first), usually at a VFS Global centre where your fingerprints and photo are taken.',
    visaType: 'Short-stay sticker visa (type C) via VFS or the consulate’s visa centre',
    processing: 'About 15 calendar days after your appointment; up to 45 days in some cases',
    stay: 'Up to 90 days in any 180-day period across the Schengen area',
    fee: 'About ₹9,000–₹10,000 (€90) per adult, plus a visa centre service charge of roughly ₹2,000–₹3,000',
    documents: [
      'Passport issued within the last 10 years, valid at least three months after you leave, with two blank pages',
      'Completed application form and two recent photos to Schengen specification',
      'Travel insurance with at least €30,000 of medical cover, valid in all Schengen countries',
      'Return flight reservation and hotel bookings for every night',
      'Day-by-day itinerary and a covering letter',
      'Bank statements for the last three to six months and income tax returns for two or three years',
      'Employment letter with approved leave, or business papers if self-employed',
      'Earlier Schengen, UK or US visas, if you have them',
    ],
    steps: [
      'Work out your main destination and apply to that country’s consulate.',
      'Book a visa centre appointment: you can apply up to six months before travel and no later than 15 days before.',
      'Fill in the application form and gather the documents; we check each one.',
      'Attend the appointment, give fingerprints and a photo, and pay the fees.',
      'Track the application online and collect your passport with the visa.',
    ],
    tips: [
      'Book early for summer and Christmas trips: appointment slots in Indian cities fill up weeks ahead.',
      'Travel as planned: entering or staying mainly in a different country from the one that issued your visa can count against you next time.',
      'Indians with a record of using earlier Schengen visas properly can be given longer multiple-entry visas under the EU’s rules for India.',
      'On your first entry, the EU’s Entry/Exit System records your fingerprints and photo at the border, so allow extra time.',
    ],
    relatedBlog: { slug: 'schengen-visa-checklist', title: 'Schengen visa checklist' },
  }),
  guide({
    slug: 'uk',
    country: 'United Kingdom',
    title: 'UK visa for Indians',
    description:
      'UK Standard Visitor visa for Indian passport holders: how to apply on GOV.UK, biometrics at VFS, documents, processing time and the fee in rupees.',
    intro:
      'Indian passport holders need a Standard Visitor visa for holidays, family visits and short business trips to the UK. You apply and pay online on GOV.UK, then give your fingerprints and photo at a VFS Global centre in India. Decisions usually take about three weeks.',
    visaType: 'Standard Visitor visa, applied online with biometrics at VFS',
    processing: 'Usually about 3 weeks; paid priority services are faster where offered',
    stay: 'Up to 6 months per visit; visas are issued for 6 months, or 2, 5 or 10 years',
    fee: 'About ₹14,000–₹15,000 (£127) for a 6-month visa; longer visas cost much more',
    documents: [
      'Current passport, and old passports with earlier visas',
      'Bank statements for the last six months showing money for the trip',
      'Employment letter with approved leave, salary slips and income tax returns, or business papers if self-employed',
      'Travel plan and hotel bookings (you need not buy flights before the visa is issued)',
      'Invitation letter and the host’s UK status, if you stay with family or friends',
      'Translations of any document not in English or Welsh',
    ],
    steps: [
      'Fill in the application and pay the fee on GOV.UK.',
      'Book an appointment at a VFS Global centre and upload or bring your documents.',
      'Give your fingerprints and photo at the appointment.',
      'Wait for the decision by email.',
      'Collect your passport with the visa from the centre or have it couriered.',
    ],
    tips: [
      'Make your finances easy to follow: large, unexplained deposits just before you apply often lead to refusals.',
      'Priority and super priority services cost extra and speed up the decision, not the outcome.',
      'A 2-, 5- or 10-year visa suits frequent visitors, but each stay is still limited to six months.',
      'Declare any earlier refusal, anywhere: hiding one can lead to a ban on future applications.',
    ],
  }),
  guide({
    slug: 'usa',
    country: 'United States',
    title: 'US visa for Indians',
    description:
      'US B1/B2 visitor visa for Indian passport holders: the DS-160, fee, biometrics and interview, and how to plan around long appointment waits.',
    intro:
      'Indian passport holders need a B1/B2 visitor visa for holidays, family visits and business meetings in the US. You fill in the DS-160 online, pay the fee, give biometrics at a Visa Application Centre and attend an interview at the US Embassy or a consulate. Waiting for an interview slot is the slowest part, so start early.',
    visaType: 'B1/B2 visitor visa (DS-160 and an in-person interview)',
    processing:
      'Depends on interview waits, which in India have run from a few months to over a year; the passport usually comes back within one or two weeks of approval',
    stay: 'Up to 6 months per entry, as decided at the US border; the visa itself is often valid for up to 10 years',
    fee: 'About ₹16,000 (US$185) application fee; a separate visa integrity fee on issuance has been legislated, so check whether it applies',
    documents: [
      'Passport valid for at least six months beyond your intended stay',
      'DS-160 confirmation page with its barcode',
      'Fee receipt and appointment confirmation',
      'Digital photo to US specification, uploaded with the DS-160',
      'Proof of income and ties to India: employment letter, salary slips, income tax returns, property papers',
      'Recent bank statements',
      'Invitation letter from your host or business contact, if any',
      'Old passports with earlier US visas',
    ],
    steps: [
      'Fill in the DS-160 online, including the social media handles you used in the last five years.',
      'Create a profile on the official US visa appointment website and pay the fee.',
      'Book two appointments: biometrics at a Visa Application Centre, then the interview at an embassy or consulate.',
      'Attend the interview and answer briefly and truthfully.',
      'If approved, your passport with the visa comes back by courier or for pickup.',
    ],
    tips: [
      'Most applicants now need an in-person interview; the interview waiver is limited to some renewals.',
      'Apply in India: applicants are generally expected to interview in their country of nationality or residence.',
      'Check for earlier slots often, as cancellations open up; the fee receipt stays valid for a year from payment.',
      'The visa lets you travel to a US port of entry; the officer there decides how long you may stay, shown on your I-94 record.',
    ],
  }),
]

/** The visa guide for a country slug, or undefined when there is none. */
export function findVisaGuide(slug: string | undefined): VisaGuide | undefined {
  return VISA_GUIDES.find((g) => g.slug === slug)
}
