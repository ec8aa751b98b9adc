// What runs before the app, as soon as the HTML is read: a small script of its own (index.html names
// it before the app's entry), so that it does not wait for React, Chakra and the page's code.
// - The calls a page makes as it opens start now, not when the app has loaded: who is signed in, and
//   a flight page's search or quote.
// - A page rendered ahead of time (pages/*.html) gets the parts that depend on its address, and a
//   fare page its itinerary as soon as the quote is in.
import { fillFirstScreen } from '@/app/first-screen'
import { startEarlySession } from '@/features/auth/api/me'
import { startEarlyCalls } from '@/features/flights/api/early'

const url = new URL(window.location.href)
startEarlySession()
startEarlyCalls(url)
void fillFirstScreen(document, url)
