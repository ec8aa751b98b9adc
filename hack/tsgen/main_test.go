package main

import (
	"strings"
	"testing"
)

func TestGenerate(t *testing.T) {
	out, err := generate([]string{"testdata/good"})
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	body := got[strings.Index(got, "// From"):]
	for _, want := range []string{
		"/** Trip is a journey. */\nexport interface Trip {\n",
		"  /** ID is the trip's key. */\n  _id: string\n",
		"  note?: string\n",       // omitempty: optional
		"  parent: Trip | null\n", // pointer: nullable
		"  legs: TripLeg[]\n",     // renamed type
		"  extra: unknown\n",      // raw JSON
		"  at: string\n",          // time.Time
		"  mode: Mode | ''\n",     // tstype override
		"  counts: Record<string, number>\n",
		"  version: number\n}\n", // embedded struct flattened
		"/** TripLeg is one flight of a trip. */\nexport interface TripLeg {\n  From: string\n  To: string\n  seats?: number\n}\n",
		`export type Mode = 'air' | 'rail' | 'it\'s'` + "\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	for _, absent := range []string{"Skipped", "internal", "Hidden", "paryatan:wire"} {
		if strings.Contains(body, absent) {
			t.Errorf("output has %q:\n%s", absent, got)
		}
	}
}

func TestRefusesUnmarkedStructsAndDuplicates(t *testing.T) {
	if _, err := generate([]string{"testdata/unmarked"}); err == nil || !strings.Contains(err.Error(), "Inner is a struct without") {
		t.Errorf("unmarked struct: %v", err)
	}
	if _, err := generate([]string{"testdata/good", "testdata/good"}); err == nil || !strings.Contains(err.Error(), "both exported as") {
		t.Errorf("duplicate names: %v", err)
	}
}
