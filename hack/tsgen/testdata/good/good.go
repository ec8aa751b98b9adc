// Package good holds wire types for the generator's tests.
package good

import (
	"encoding/json"
	"time"
)

// Trip is a journey.
//
//paryatan:wire
type Trip struct {
	// ID is the trip's key.
	ID       string          `json:"_id"`
	Note     *string         `json:"note,omitempty"`
	Parent   *Trip           `json:"parent"`
	Legs     []Leg           `json:"legs"`
	Extra    json.RawMessage `json:"extra"`
	At       time.Time       `json:"at"`
	Mode     string          `json:"mode" tstype:"Mode | ''"`
	Counts   map[string]int  `json:"counts"`
	Skipped  string          `json:"-"`
	internal string
	base
}

type base struct {
	Version int `json:"version"`
}

// Leg is one flight of a trip.
//
//paryatan:wire TripLeg
type Leg struct {
	From, To string
	Seats    int `json:"seats,omitempty"`
}

// Mode is how one travels.
//
//paryatan:wire Mode
var modes = []string{"air", "rail", "it's"}

// Hidden is not marked.
type Hidden struct{}
