import { paths } from '@/config/paths'
import { POLICIES_UPDATED, type PolicyDocument } from './types'

export const cookiePolicy: PolicyDocument = {
  title: 'Cookie policy',
  description:
    'The two sign-in cookies Paryatan sets, what the browser keeps while you choose a flight, and why there are no analytics, advertising or third-party cookies on the site.',
  lead: 'Paryatan sets two small cookies, both needed to sign you in. There are no analytics, advertising or third-party cookies.',
  updated: POLICIES_UPDATED,
  sections: [
    {
      id: 'what-cookies-are',
      heading: 'What cookies are',
      blocks: [
        {
          kind: 'p',
          text: 'A cookie is a small piece of text a website asks your browser to keep and send back on later visits. Browsers also offer session storage, which keeps data for one tab and clears it when the tab is closed.',
        },
      ],
    },
    {
      id: 'cookies-we-use',
      heading: 'Cookies and storage we use',
      blocks: [
        {
          kind: 'table',
          caption: 'Cookies and browser storage on Paryatan',
          columns: ['Name', 'Purpose', 'Lifetime', 'Type'],
          codeFirstColumn: true,
          rows: [
            [
              'paryatan_session',
              'Keeps you signed in. It holds a random token that identifies your session, and nothing about you. It is HttpOnly (page scripts cannot read it) and SameSite=Lax. On our secure (https) site it is named __Host-paryatan_session and is sent only over encrypted connections.',
              'The session ends after 30 days without use and after 90 days at most; signing out removes the cookie.',
              'Strictly necessary, first-party cookie',
            ],
            [
              'paryatan_oauth',
              'Set only while you sign in with Google: it ties the sign-in to this browser so no one else can complete it. HttpOnly and SameSite=Lax; named __Host-paryatan_oauth on our https site.',
              '10 minutes, or until the sign-in finishes.',
              'Strictly necessary, first-party cookie',
            ],
            [
              'paryatan.flights.*',
              'The flight you picked on the results page and the search it came from, so the fare page can show it after a reload or sign-in.',
              'Until you close the tab.',
              'Strictly necessary, session storage (not a cookie)',
            ],
          ],
        },
      ],
    },
    {
      id: 'what-we-do-not-use',
      heading: 'What we do not use',
      blocks: [
        {
          kind: 'p',
          text: 'We do not use analytics, advertising, social-media or any other third-party cookies, and we do not track you across other websites.',
        },
        {
          kind: 'p',
          text: [
            'The map on our ',
            { text: 'contact page', to: paths.contact },
            ' loads from OpenStreetMap only when you press the button to show it. Your browser then connects to openstreetmap.org, and the ',
            {
              text: 'OpenStreetMap Foundation privacy policy',
              href: 'https://osmfoundation.org/wiki/Privacy_Policy',
            },
            ' applies to that request.',
          ],
        },
      ],
    },
    {
      id: 'consent-and-control',
      heading: 'Consent and your choices',
      blocks: [
        {
          kind: 'p',
          text: 'Strictly necessary cookies and storage do not need your consent, and we use nothing else. You can still block or delete cookies in your browser settings; if you block ours, you will not be able to sign in, book or see your trips, but you can browse the rest of the site.',
        },
        {
          kind: 'p',
          text: [
            'For how we handle personal data more generally, see our ',
            { text: 'privacy policy', to: paths.privacy },
            '.',
          ],
        },
      ],
    },
  ],
}
