import { paths } from '@/config/paths'
import { POLICIES_UPDATED, type PolicyDocument } from './types'

export const accessibilityStatement: PolicyDocument = {
  title: 'Accessibility',
  description:
    'How Paryatan works for travellers who use screen readers, keyboards, zoom or small phones: the standard we follow, how we test it, what is still being fixed and how to tell us.',
  lead: 'Everyone should be able to plan and book a trip with Paryatan: on a small phone in bright sun, with a screen reader, with the keyboard alone or with the text made large.',
  updated: POLICIES_UPDATED,
  sections: [
    {
      id: 'standard',
      heading: 'The standard we follow',
      blocks: [
        {
          kind: 'p',
          text: 'We design and test the site to the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA, the level India’s Guidelines for Indian Government Websites (GIGW) and the Rights of Persons with Disabilities Act, 2016 point to.',
        },
        {
          kind: 'list',
          items: [
            'Text and controls have enough contrast, from colours chosen once for the whole site.',
            'Every page has its own title, one main heading and headings in order.',
            'Every control has a name a screen reader can read, and form errors are tied to their fields.',
            'A “Skip to main content” link is the first thing the keyboard reaches on every page.',
            'Pages work 360 pixels wide without scrolling sideways. The rotating deals and the holiday banner can be paused, the slogan beside our logo holds still under the pointer, and none of them moves when your device asks for reduced motion.',
          ],
        },
      ],
    },
    {
      id: 'how-we-test',
      heading: 'How we test',
      blocks: [
        {
          kind: 'p',
          text: 'Our automated browser tests follow every link on the site, signed out and signed in, and check each page in Chromium with axe-core against the WCAG 2.0, 2.1 and 2.2 A and AA rules; a page with a serious or critical finding stops a release. They also check each page at a phone’s width. We test forms and journeys with the keyboard and a screen reader as we build them.',
        },
      ],
    },
    {
      id: 'known-gaps',
      heading: 'What we are still improving',
      blocks: [
        {
          kind: 'list',
          items: [
            'The complete booking journey (search, results, fare, booking and payment) is being checked with the keyboard alone, step by step.',
            'The payment page belongs to our payment partner and the visa application belongs to our visa partner; we ask both to meet the same standard.',
            'The maps on the contact page are pictures of streets; each office’s address is written beside its map.',
          ],
        },
      ],
    },
    {
      id: 'feedback',
      heading: 'Tell us what gets in your way',
      blocks: [
        {
          kind: 'p',
          text: [
            'If something on the site is hard to use, write to ',
            { text: 'care@paryatan.in', href: 'mailto:care@paryatan.in?subject=Accessibility' },
            ' or call ',
            { text: '+91 124 400 5500', href: 'tel:+911244005500' },
            '. Say which page and what happened; we reply within two working days and can complete a booking with you over the phone meanwhile. You can also use our ',
            { text: 'contact form', to: paths.contact },
            '.',
          ],
        },
      ],
    },
  ],
}
