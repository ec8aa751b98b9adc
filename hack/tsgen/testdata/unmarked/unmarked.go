package unmarked

// Outer refers to a struct that is not marked.
//
//paryatan:wire
type Outer struct {
	In Inner `json:"in"`
}

// Inner is not marked.
type Inner struct{}
