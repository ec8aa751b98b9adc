package documents

import (
	"fmt"
	"sync"
	"unicode"

	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
)

// family is the name the documents register the Go fonts under.
const family = "go"

// glyphs is the set of characters the Go fonts draw. Regular and bold cover
// the same characters (Latin, Latin-1 and Extended-A, Greek, Cyrillic and
// common punctuation, but neither Devanagari nor the rupee sign ₹), so one
// set serves both. It is built on first use, not when a program that imports
// the package starts.
var glyphs = sync.OnceValue(func() map[rune]bool { return mustCoverage(goregular.TTF, gobold.TTF) })

// mustCoverage lists the characters of the Basic Multilingual Plane that every
// one of the fonts has a glyph for; it panics on a font that does not parse,
// which the embedded fonts always do.
func mustCoverage(fonts ...[]byte) map[rune]bool {
	has := map[rune]bool{}
	for i, ttf := range fonts {
		f, err := sfnt.Parse(ttf)
		if err != nil {
			panic(fmt.Sprintf("documents: parse embedded font: %v", err))
		}
		var b sfnt.Buffer
		for r := rune(' '); r <= 0xFFFF; r++ {
			g, err := f.GlyphIndex(&b, r)
			switch {
			case err != nil || g == 0:
				delete(has, r)
			case i == 0:
				has[r] = true
			}
		}
	}
	return has
}

// printable reports the first character of s that the fonts cannot draw, if
// any. Line breaks are allowed: the paragraph writer breaks lines at them.
func printable(s string) (rune, bool) {
	for _, r := range s {
		if r == '\n' || glyphs()[r] && !unicode.IsControl(r) {
			continue
		}
		return r, false
	}
	return 0, true
}
