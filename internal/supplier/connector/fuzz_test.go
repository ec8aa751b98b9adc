package connector

import "testing"

// Any document is refused with an error or accepted whole and valid: the
// parser never panics, and what it accepts has a generation of 0 or more and
// connectors (maybe none) with unique names and every operation's deadline
// within bounds.
func FuzzParse(f *testing.F) {
	f.Add([]byte("connectors:\n  - name: tbo\n    endpoints: {auth: http://127.0.0.1:1/a, air: http://127.0.0.1:1/b}\n    credentials: {env: {clientId: A, userName: B, password: C}}\n"))
	f.Add([]byte(`{"connectors":[{"name":"tbo","timeouts":{"book":"1h"}}]}`))
	f.Add([]byte("generation: -1\nconnectors: []\n"))
	f.Add([]byte("connectors:\n  - name: x\n    cabinCodes: {economy: 99}\n    sources: [NDC]\n"))
	f.Add([]byte("\x00\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := Parse(data)
		if err != nil {
			return
		}
		if doc.Generation < 0 {
			t.Fatalf("accepted generation %d", doc.Generation)
		}
		seen := map[string]bool{}
		for _, c := range doc.Connectors {
			if c.Name == "" || seen[c.Name] {
				t.Fatalf("accepted a connector named %q (twice, or without a name)", c.Name)
			}
			seen[c.Name] = true
			for _, op := range Operations {
				if d := c.Timeout(op); d <= 0 || d > MaxTimeout {
					t.Fatalf("accepted %s deadline %s", op, d)
				}
			}
		}
	})
}
