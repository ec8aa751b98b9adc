package documents

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Transliterate writes the Devanagari in s in Latin letters and leaves every
// other character as it is; a word it transliterates starts with a capital.
//
// Airline tickets carry names in Latin letters (ICAO Doc 9303 allows A–Z
// only), and the Go fonts the documents embed have no Devanagari, so a name
// given as "अंकित शर्मा" is printed as "Ankit Sharma" rather than as empty
// boxes. Transliterating rather than refusing such a name lets a booking
// made in Hindi still get its documents, spelt as the airline's own Latin
// ticket would spell it; text in a script with no such rule here (Tamil,
// Chinese…) is refused with an error instead. The scheme is ISO 15919 simplified to plain ASCII the way Indian
// names are usually spelt: long and short vowels are not told apart (आ and
// अ are both "a"), श and ष are "sh", च is "ch", retroflex and dental
// consonants are not told apart, anusvara is "m" before p, ph, b, bh and m
// and "n" elsewhere. The inherent "a" is dropped at the end of a word of
// more than one syllable unless it ends in a conjunct ("Ankit", but
// "Mishra"), and between a vowel and a consonant with a vowel of its own
// ("Farhan", "Kamla"), the simple form of Hindi's schwa deletion; Sanskrit
// names that keep it ("Aparajita") come out shortened ("Aprajita").
func Transliterate(s string) string {
	if !strings.ContainsFunc(s, isDevanagari) {
		return s
	}
	var b strings.Builder
	rs := []rune(s)
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case isLetter(r):
			j := i + 1
			for j < len(rs) && isLetter(rs[j]) {
				j++
			}
			b.WriteString(capitalise(word(rs[i:j])))
			i = j
			continue
		case digits[r] != "":
			b.WriteString(digits[r])
		case r == '\u0964' || r == '\u0965': // danda, double danda
			b.WriteByte('.')
		default:
			b.WriteRune(r)
		}
		i++
	}
	return b.String()
}

// isDevanagari reports whether r is in the Devanagari block.
func isDevanagari(r rune) bool { return r >= 0x0900 && r <= 0x097F }

// isLetter reports whether r is a Devanagari letter or sign, part of a word.
func isLetter(r rune) bool {
	return isDevanagari(r) && digits[r] == "" && r != '\u0964' && r != '\u0965'
}

// syllable is one akshara of a word: a consonant or a cluster of them, then
// a vowel, then a final nasal or aspiration.
type syllable struct {
	consonants string
	conjunct   bool   // more than one consonant
	vowel      string // a vowel sign or independent vowel, or "a" inherent
	inherent   bool   // vowel is the consonant's inherent "a"
	coda       string // from anusvara, candrabindu or visarga
}

// word transliterates one word of Devanagari letters and signs.
func word(rs []rune) string {
	var (
		ss   []syllable
		open bool // the last consonant took a virama: the next joins its cluster
	)
	last := func() *syllable {
		if len(ss) == 0 {
			ss = append(ss, syllable{})
		}
		return &ss[len(ss)-1]
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case consonants[r] != "":
			latin := consonants[r]
			if i+1 < len(rs) && rs[i+1] == nukta {
				if n, ok := nuktaForms[r]; ok {
					latin = n
				}
				i++
			}
			if r == 'ज' && i+2 < len(rs) && rs[i+1] == viramaSign && rs[i+2] == 'ञ' {
				latin = "gy" // ज्ञ, as in ज्ञान "gyan"
				i += 2
			}
			if open && len(ss) > 0 {
				s := last()
				s.consonants += latin
				s.conjunct, s.vowel, s.inherent = true, "a", true
			} else {
				ss = append(ss, syllable{consonants: latin, vowel: "a", inherent: true})
			}
			open = false
		case r == viramaSign:
			s := last()
			s.vowel, s.inherent = "", false
			open = true
		case matras[r] != "":
			s := last()
			s.vowel, s.inherent = matras[r], false
			open = false
		case vowels[r] != "":
			ss = append(ss, syllable{vowel: vowels[r]})
			open = false
		case r == 'ं' || r == 'ँ':
			if i+1 < len(rs) && labials[rs[i+1]] {
				last().coda += "m"
			} else {
				last().coda += "n"
			}
			open = false
		case r == 'ः':
			last().coda += "h"
			open = false
		case r == 'ॐ':
			ss = append(ss, syllable{vowel: "om"})
			open = false
		default:
			// A nukta on its own, avagraha, accents and unassigned code
			// points carry no sound of their own in a name.
		}
	}
	dropSchwas(ss)
	var b strings.Builder
	for _, s := range ss {
		b.WriteString(s.consonants + s.vowel + s.coda)
	}
	return b.String()
}

// dropSchwas leaves out the inherent vowels Hindi does not pronounce: the
// last one of a word of more than one syllable, unless it follows a
// conjunct ("Ankit", "Mishra"); then, from the right, one between a vowel
// and a consonant that has a vowel of its own ("Farhan", "Kamla"), never in
// the first syllable.
func dropSchwas(ss []syllable) {
	silent := func(i int) bool {
		s := ss[i]
		return s.inherent && s.coda == "" && !s.conjunct && s.consonants != ""
	}
	n := len(ss)
	if n > 1 && silent(n-1) {
		ss[n-1].vowel, ss[n-1].inherent = "", false
	}
	for i := n - 2; i >= 1; i-- {
		prev, next := ss[i-1], ss[i+1]
		if silent(i) && prev.vowel != "" && prev.coda == "" && next.consonants != "" && next.vowel != "" {
			ss[i].vowel, ss[i].inherent = "", false
		}
	}
}

// capitalise upper-cases the first letter of s.
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

const (
	viramaSign = '्'
	nukta      = '़'
)

// consonants are the Devanagari consonants with their inherent vowel left out.
var consonants = map[rune]string{
	'क': "k", 'ख': "kh", 'ग': "g", 'घ': "gh", 'ङ': "n",
	'च': "ch", 'छ': "chh", 'ज': "j", 'झ': "jh", 'ञ': "n",
	'ट': "t", 'ठ': "th", 'ड': "d", 'ढ': "dh", 'ण': "n",
	'त': "t", 'थ': "th", 'द': "d", 'ध': "dh", 'न': "n", '\u0929': "n",
	'प': "p", 'फ': "ph", 'ब': "b", 'भ': "bh", 'म': "m",
	'य': "y", 'र': "r", '\u0931': "r", 'ल': "l", 'ळ': "l", '\u0934': "l", 'व': "v",
	'श': "sh", 'ष': "sh", 'स': "s", 'ह': "h",
	'\u0958': "q", '\u0959': "kh", '\u095A': "gh", '\u095B': "z", // क़ ख़ ग़ ज़
	'\u095C': "r", '\u095D': "rh", '\u095E': "f", '\u095F': "y", // ड़ ढ़ फ़ य़
}

// nuktaForms are consonants written with a separate nukta sign.
var nuktaForms = map[rune]string{
	'क': "q", 'ख': "kh", 'ग': "gh", 'ज': "z", 'ड': "r", 'ढ': "rh", 'फ': "f", 'य': "y",
}

// vowels are the independent vowels, written at the start of a syllable.
var vowels = map[rune]string{
	'अ': "a", 'आ': "a", 'इ': "i", 'ई': "i", 'उ': "u", 'ऊ': "u",
	'ऋ': "ri", 'ॠ': "ri", 'ऌ': "li", 'ए': "e", 'ऐ': "ai", 'ऑ': "o", 'ओ': "o", 'औ': "au",
}

// matras are the dependent vowel signs, written after a consonant in place
// of its inherent vowel.
var matras = map[rune]string{
	'ा': "a", 'ि': "i", 'ी': "i", 'ु': "u", 'ू': "u", 'ृ': "ri", 'ॄ': "ri",
	'े': "e", 'ै': "ai", 'ॉ': "o", 'ो': "o", 'ौ': "au",
}

// labials are the consonants before which anusvara sounds "m".
var labials = map[rune]bool{'प': true, 'फ': true, 'ब': true, 'भ': true, 'म': true}

// digits are the Devanagari digits.
var digits = map[rune]string{
	'०': "0", '१': "1", '२': "2", '३': "3", '४': "4", '५': "5", '६': "6", '७': "7", '८': "8", '९': "9",
}
