package documents

import "testing"

func TestTransliterate(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"अंकित शर्मा":        "Ankit Sharma",
		"प्रिया पटेल":        "Priya Patel",
		"राहुल वर्मा":        "Rahul Varma",
		"सुनीता देवी":        "Sunita Devi",
		"लक्ष्मी मिश्र":      "Lakshmi Mishra", // conjunct at the end keeps its "a"
		"आदित्य गुप्ता":      "Aditya Gupta",
		"कृष्ण":              "Krishna",
		"चंपा":               "Champa", // anusvara before a labial
		"ज्ञान":              "Gyan",
		"फ़रहान ज़ैदी":       "Farhan Zaidi", // nukta as a separate sign
		"\u095Eरहान":         "Farhan",       // and precomposed
		"क":                  "Ka",           // one syllable keeps its vowel
		"कमला":               "Kamla",        // medial schwa dropped
		"अपराजिता":           "Aprajita",     // even where Sanskrit keeps it
		"भारत":               "Bharat",
		"अजय":                "Ajay",
		"सिंह":               "Sinh",
		"Mr अंकित शर्मा":     "Mr Ankit Sharma",
		"Rahul Verma":        "Rahul Verma", // Latin is left alone
		"Zoë O'Brien-Müller": "Zoë O'Brien-Müller",
		"फ़्लैट १२, गली ३":   "Flait 12, Gali 3",
		"": "",
	} {
		if got := Transliterate(in); got != want {
			t.Errorf("Transliterate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTransliterateIsPrintable(t *testing.T) {
	t.Parallel()
	// Every Devanagari character, alone or after a consonant, comes out as
	// something the document font can print.
	for r := rune(0x0900); r <= 0x097F; r++ {
		for _, s := range []string{string(r), "क" + string(r), string(r) + "क"} {
			if got := Transliterate(s); !printableOK(got) {
				t.Errorf("Transliterate(%q) = %q, which the font cannot print", s, got)
			}
		}
	}
}

// printableOK reports whether the fonts can draw all of s.
func printableOK(s string) bool { _, ok := printable(s); return ok }
