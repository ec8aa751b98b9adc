package sim

// Cabin classes as the supplier numbers them (FlightCabinClass).
const (
	cabinAll             = 1
	cabinEconomy         = 2
	cabinPremiumEconomy  = 3
	cabinBusiness        = 4
	cabinPremiumBusiness = 5
	cabinFirst           = 6
)

// cabinSet is a bit set of cabins a carrier sells.
type cabinSet uint8

const (
	cE cabinSet = 1 << iota // economy
	cP                      // premium economy
	cB                      // business
	cF                      // first
)

func (s cabinSet) has(cabin int) bool {
	switch cabin {
	case cabinEconomy:
		return s&cE != 0
	case cabinPremiumEconomy:
		return s&cP != 0
	case cabinBusiness, cabinPremiumBusiness:
		return s&cB != 0
	case cabinFirst:
		return s&cF != 0
	}
	return false
}

// carrier is an airline of the simulated network. The table below is a
// plausible picture of who flies where from India, not a timetable.
type carrier struct {
	Code string
	// LCC carriers are sold as LCC results (no Book step; ticketed at once).
	LCC bool
	// DomesticOnly carriers fly within their home countries only.
	DomesticOnly bool
	// Countries where the carrier flies domestic routes (its home).
	Countries []string
	// Hubs are the airports it flies from to other countries, and to every
	// airport of its home countries.
	Hubs []string
	// RangeKm is the longest leg it flies.
	RangeKm float64
	Cabins  cabinSet
	// Fleet holds aircraft type codes for short (< 1,200 km), medium
	// (< 4,500 km) and long legs.
	Fleet [3][]string
	// Source is the supplier's booking-source number shown in results.
	Source int
	// TicketPrefix is the IATA accounting code printed before ticket numbers.
	TicketPrefix string
	// Price scales the carrier's fares (1 = market average).
	Price float64

	hubSet map[*airport]bool
}

// Booking-source numbers for full-service (GDS) carriers.
const sourceGDS = 4

var carriers = []carrier{
	// India, low-cost.
	{Code: "6E", LCC: true, Countries: []string{"IN"}, Hubs: []string{"DEL", "BOM", "BLR", "HYD", "MAA", "CCU", "AMD", "PNQ", "COK", "GOI", "LKO", "JAI"}, RangeKm: 5200, Cabins: cE | cB, Fleet: [3][]string{{"AT7", "320", "32N"}, {"32N", "321"}, {"321"}}, Source: 6, Price: 0.9},
	{Code: "SG", LCC: true, Countries: []string{"IN"}, Hubs: []string{"DEL", "BOM", "HYD", "BLR", "MAA", "CCU", "AMD"}, RangeKm: 4200, Cabins: cE, Fleet: [3][]string{{"DH8", "737"}, {"737", "7M8"}, {"7M8"}}, Source: 3, Price: 0.88},
	{Code: "QP", LCC: true, Countries: []string{"IN"}, Hubs: []string{"BOM", "BLR", "DEL", "AMD"}, RangeKm: 4000, Cabins: cE, Fleet: [3][]string{{"7M8"}, {"7M8"}, {"7M8"}}, Source: 46, Price: 0.9},
	{Code: "IX", LCC: true, Countries: []string{"IN"}, Hubs: []string{"COK", "CCJ", "TRV", "BLR", "DEL", "BOM", "MAA"}, RangeKm: 4800, Cabins: cE, Fleet: [3][]string{{"32N", "738"}, {"738", "7M8"}, {"7M8"}}, Source: 19, Price: 0.87},
	{Code: "I5", LCC: true, DomesticOnly: true, Countries: []string{"IN"}, Hubs: []string{"BLR", "DEL"}, RangeKm: 2800, Cabins: cE, Fleet: [3][]string{{"320", "32N"}, {"32N"}, {"32N"}}, Source: 19, Price: 0.85},
	// India, full service.
	{Code: "AI", Countries: []string{"IN"}, Hubs: []string{"DEL", "BOM", "BLR", "HYD", "MAA", "CCU"}, RangeKm: 16000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"32N", "321"}, {"32N", "788"}, {"788", "77W", "359"}}, Source: sourceGDS, TicketPrefix: "098", Price: 1.05},
	{Code: "UK", Countries: []string{"IN"}, Hubs: []string{"DEL", "BOM"}, RangeKm: 8000, Cabins: cE | cP | cB, Fleet: [3][]string{{"32N", "321"}, {"32N", "789"}, {"789"}}, Source: sourceGDS, TicketPrefix: "228", Price: 1.1},
	{Code: "9I", DomesticOnly: true, Countries: []string{"IN"}, Hubs: []string{"DEL", "BLR", "HYD", "CCU"}, RangeKm: 1400, Cabins: cE, Fleet: [3][]string{{"AT7", "AT4", "CRJ"}, {"AT7"}, {"AT7"}}, Source: sourceGDS, TicketPrefix: "058", Price: 0.95},
	// Gulf and Middle East.
	{Code: "EK", Countries: []string{"AE"}, Hubs: []string{"DXB"}, RangeKm: 15000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"77W"}, {"77W", "388"}, {"77W", "388"}}, Source: sourceGDS, TicketPrefix: "176", Price: 1.15},
	{Code: "EY", Countries: []string{"AE"}, Hubs: []string{"AUH"}, RangeKm: 14000, Cabins: cE | cB | cF, Fleet: [3][]string{{"321"}, {"789", "321"}, {"789", "35K"}}, Source: sourceGDS, TicketPrefix: "607", Price: 1.08},
	{Code: "QR", Countries: []string{"QA"}, Hubs: []string{"DOH"}, RangeKm: 15500, Cabins: cE | cB | cF, Fleet: [3][]string{{"320"}, {"320", "788", "359"}, {"359", "77W", "388"}}, Source: sourceGDS, TicketPrefix: "157", Price: 1.1},
	{Code: "FZ", LCC: true, Countries: []string{"AE"}, Hubs: []string{"DXB"}, RangeKm: 5500, Cabins: cE | cB, Fleet: [3][]string{{"7M8", "738"}, {"7M8", "738"}, {"7M8"}}, Source: 41, Price: 0.9},
	{Code: "G9", LCC: true, Countries: []string{"AE"}, Hubs: []string{"SHJ"}, RangeKm: 5200, Cabins: cE, Fleet: [3][]string{{"320"}, {"320", "32N"}, {"32N"}}, Source: 13, Price: 0.85},
	{Code: "WY", Countries: []string{"OM"}, Hubs: []string{"MCT"}, RangeKm: 9000, Cabins: cE | cB, Fleet: [3][]string{{"738"}, {"7M8", "788"}, {"789"}}, Source: sourceGDS, TicketPrefix: "910", Price: 1.0},
	{Code: "GF", Countries: []string{"BH"}, Hubs: []string{"BAH"}, RangeKm: 8500, Cabins: cE | cB, Fleet: [3][]string{{"32N"}, {"32N", "789"}, {"789"}}, Source: sourceGDS, TicketPrefix: "072", Price: 0.98},
	{Code: "SV", Countries: []string{"SA"}, Hubs: []string{"JED", "RUH"}, RangeKm: 13000, Cabins: cE | cB | cF, Fleet: [3][]string{{"320", "32N"}, {"321", "789"}, {"77W", "789"}}, Source: sourceGDS, TicketPrefix: "065", Price: 1.0},
	{Code: "KU", Countries: []string{"KW"}, Hubs: []string{"KWI"}, RangeKm: 12000, Cabins: cE | cB, Fleet: [3][]string{{"32N"}, {"32N", "77W"}, {"77W"}}, Source: sourceGDS, TicketPrefix: "229", Price: 0.97},
	{Code: "J9", LCC: true, Countries: []string{"KW"}, Hubs: []string{"KWI"}, RangeKm: 4500, Cabins: cE, Fleet: [3][]string{{"32N"}, {"32N"}, {"32N"}}, Source: 41, Price: 0.85},
	{Code: "XY", LCC: true, Countries: []string{"SA"}, Hubs: []string{"RUH", "JED"}, RangeKm: 4500, Cabins: cE, Fleet: [3][]string{{"32N"}, {"32N"}, {"32N"}}, Source: 41, Price: 0.85},
	{Code: "RJ", Countries: []string{"JO"}, Hubs: []string{"AMM"}, RangeKm: 10000, Cabins: cE | cB, Fleet: [3][]string{{"E95", "320"}, {"320", "788"}, {"788"}}, Source: sourceGDS, TicketPrefix: "512", Price: 1.0},
	{Code: "ME", Countries: []string{"LB"}, Hubs: []string{"BEY"}, RangeKm: 6500, Cabins: cE | cB, Fleet: [3][]string{{"32N"}, {"32N", "321"}, {"330"}}, Source: sourceGDS, TicketPrefix: "076", Price: 1.0},
	{Code: "IR", Countries: []string{"IR"}, Hubs: []string{"IKA", "THR"}, RangeKm: 6000, Cabins: cE | cB, Fleet: [3][]string{{"F100", "AT7"}, {"313"}, {"343"}}, Source: sourceGDS, TicketPrefix: "096", Price: 0.9},
	// South and Central Asia.
	{Code: "UL", Countries: []string{"LK"}, Hubs: []string{"CMB"}, RangeKm: 10000, Cabins: cE | cB, Fleet: [3][]string{{"320", "32N"}, {"321", "330"}, {"330"}}, Source: sourceGDS, TicketPrefix: "603", Price: 0.95},
	{Code: "BG", Countries: []string{"BD"}, Hubs: []string{"DAC"}, RangeKm: 10000, Cabins: cE | cB, Fleet: [3][]string{{"DH8", "738"}, {"738", "788"}, {"77W", "788"}}, Source: sourceGDS, TicketPrefix: "997", Price: 0.9},
	{Code: "RA", Countries: []string{"NP"}, Hubs: []string{"KTM"}, RangeKm: 5000, Cabins: cE | cB, Fleet: [3][]string{{"AT7", "DHT"}, {"320"}, {"332"}}, Source: sourceGDS, TicketPrefix: "285", Price: 0.92},
	{Code: "PK", Countries: []string{"PK"}, Hubs: []string{"KHI", "LHE", "ISB"}, RangeKm: 10000, Cabins: cE | cB, Fleet: [3][]string{{"AT7", "320"}, {"320", "77W"}, {"77W"}}, Source: sourceGDS, TicketPrefix: "214", Price: 0.9},
	{Code: "HY", Countries: []string{"UZ"}, Hubs: []string{"TAS"}, RangeKm: 9000, Cabins: cE | cB, Fleet: [3][]string{{"32N"}, {"32N", "788"}, {"788"}}, Source: sourceGDS, TicketPrefix: "250", Price: 0.92},
	{Code: "KC", Countries: []string{"KZ"}, Hubs: []string{"ALA", "TSE"}, RangeKm: 7000, Cabins: cE | cB, Fleet: [3][]string{{"32N", "E90"}, {"32N", "321"}, {"321"}}, Source: sourceGDS, TicketPrefix: "465", Price: 0.95},
	// East and South-East Asia, Oceania.
	{Code: "SQ", Countries: []string{"SG"}, Hubs: []string{"SIN"}, RangeKm: 16500, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"738", "7M8"}, {"7M8", "359", "78X"}, {"359", "77W", "388"}}, Source: sourceGDS, TicketPrefix: "618", Price: 1.15},
	{Code: "TR", LCC: true, Countries: []string{"SG"}, Hubs: []string{"SIN"}, RangeKm: 10000, Cabins: cE | cB, Fleet: [3][]string{{"320", "32N"}, {"32N", "788"}, {"789"}}, Source: 41, Price: 0.85},
	{Code: "MH", Countries: []string{"MY"}, Hubs: []string{"KUL"}, RangeKm: 13000, Cabins: cE | cB, Fleet: [3][]string{{"738", "AT7"}, {"738", "333"}, {"359"}}, Source: sourceGDS, TicketPrefix: "232", Price: 0.98},
	{Code: "AK", LCC: true, Countries: []string{"MY"}, Hubs: []string{"KUL", "BKI"}, RangeKm: 4200, Cabins: cE, Fleet: [3][]string{{"320", "32N"}, {"32N"}, {"32N"}}, Source: 41, Price: 0.8},
	{Code: "D7", LCC: true, Countries: []string{"MY"}, Hubs: []string{"KUL"}, RangeKm: 9000, Cabins: cE | cB, Fleet: [3][]string{{"333"}, {"333"}, {"333"}}, Source: 41, Price: 0.82},
	{Code: "TG", Countries: []string{"TH"}, Hubs: []string{"BKK"}, RangeKm: 13000, Cabins: cE | cB, Fleet: [3][]string{{"320", "333"}, {"333", "359"}, {"359", "77W"}}, Source: sourceGDS, TicketPrefix: "217", Price: 1.0},
	{Code: "FD", LCC: true, Countries: []string{"TH"}, Hubs: []string{"DMK"}, RangeKm: 4000, Cabins: cE, Fleet: [3][]string{{"320"}, {"320", "32N"}, {"32N"}}, Source: 41, Price: 0.8},
	{Code: "CX", Countries: []string{"HK"}, Hubs: []string{"HKG"}, RangeKm: 16000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"321", "32N"}, {"333", "359"}, {"359", "77W"}}, Source: sourceGDS, TicketPrefix: "160", Price: 1.12},
	{Code: "CI", Countries: []string{"TW"}, Hubs: []string{"TPE"}, RangeKm: 13000, Cabins: cE | cP | cB, Fleet: [3][]string{{"738", "321"}, {"333", "359"}, {"359", "77W"}}, Source: sourceGDS, TicketPrefix: "297", Price: 1.0},
	{Code: "NH", Countries: []string{"JP"}, Hubs: []string{"HND", "NRT"}, RangeKm: 15000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"320", "738"}, {"788", "789"}, {"789", "77W"}}, Source: sourceGDS, TicketPrefix: "205", Price: 1.12},
	{Code: "JL", Countries: []string{"JP"}, Hubs: []string{"HND", "NRT"}, RangeKm: 15000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"738", "E70"}, {"788", "767"}, {"789", "359"}}, Source: sourceGDS, TicketPrefix: "131", Price: 1.12},
	{Code: "KE", Countries: []string{"KR"}, Hubs: []string{"ICN"}, RangeKm: 15000, Cabins: cE | cB | cF, Fleet: [3][]string{{"738", "321"}, {"333", "789"}, {"77W", "388"}}, Source: sourceGDS, TicketPrefix: "180", Price: 1.05},
	{Code: "CA", Countries: []string{"CN"}, Hubs: []string{"PEK"}, RangeKm: 14000, Cabins: cE | cB | cF, Fleet: [3][]string{{"320", "738"}, {"333", "789"}, {"77W", "359"}}, Source: sourceGDS, TicketPrefix: "999", Price: 0.95},
	{Code: "MU", Countries: []string{"CN"}, Hubs: []string{"PVG", "KMG"}, RangeKm: 14000, Cabins: cE | cB, Fleet: [3][]string{{"320", "738"}, {"333", "789"}, {"77W", "359"}}, Source: sourceGDS, TicketPrefix: "781", Price: 0.92},
	{Code: "CZ", Countries: []string{"CN"}, Hubs: []string{"CAN"}, RangeKm: 14000, Cabins: cE | cP | cB, Fleet: [3][]string{{"320", "738"}, {"333", "789"}, {"77W", "359"}}, Source: sourceGDS, TicketPrefix: "784", Price: 0.92},
	{Code: "VN", Countries: []string{"VN"}, Hubs: []string{"SGN", "HAN"}, RangeKm: 12000, Cabins: cE | cP | cB, Fleet: [3][]string{{"321", "32N"}, {"321", "789"}, {"789", "359"}}, Source: sourceGDS, TicketPrefix: "738", Price: 0.95},
	{Code: "VJ", LCC: true, Countries: []string{"VN"}, Hubs: []string{"SGN", "HAN"}, RangeKm: 5200, Cabins: cE | cB, Fleet: [3][]string{{"320", "321"}, {"321", "32Q"}, {"32Q"}}, Source: 41, Price: 0.8},
	{Code: "PR", Countries: []string{"PH"}, Hubs: []string{"MNL"}, RangeKm: 13000, Cabins: cE | cP | cB, Fleet: [3][]string{{"321", "DH4"}, {"321", "333"}, {"359", "77W"}}, Source: sourceGDS, TicketPrefix: "079", Price: 0.95},
	{Code: "5J", LCC: true, Countries: []string{"PH"}, Hubs: []string{"MNL", "CEB"}, RangeKm: 5000, Cabins: cE, Fleet: [3][]string{{"AT7", "320"}, {"321", "32N"}, {"339"}}, Source: 41, Price: 0.8},
	{Code: "GA", Countries: []string{"ID"}, Hubs: []string{"CGK", "DPS"}, RangeKm: 12000, Cabins: cE | cB, Fleet: [3][]string{{"738", "AT7"}, {"738", "333"}, {"77W", "339"}}, Source: sourceGDS, TicketPrefix: "126", Price: 0.95},
	{Code: "JT", LCC: true, Countries: []string{"ID"}, Hubs: []string{"CGK"}, RangeKm: 4000, Cabins: cE, Fleet: [3][]string{{"739", "AT7"}, {"739"}, {"739"}}, Source: 41, Price: 0.78},
	{Code: "QF", Countries: []string{"AU"}, Hubs: []string{"SYD", "MEL", "BNE", "PER"}, RangeKm: 17500, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"738", "DH4"}, {"738", "332"}, {"789", "388"}}, Source: sourceGDS, TicketPrefix: "081", Price: 1.12},
	{Code: "VA", Countries: []string{"AU"}, Hubs: []string{"BNE", "SYD", "MEL"}, RangeKm: 6000, Cabins: cE | cB, Fleet: [3][]string{{"738", "E90"}, {"738", "7M8"}, {"7M8"}}, Source: sourceGDS, TicketPrefix: "795", Price: 1.0},
	{Code: "JQ", LCC: true, Countries: []string{"AU"}, Hubs: []string{"MEL", "SYD"}, RangeKm: 7500, Cabins: cE | cB, Fleet: [3][]string{{"320", "32N"}, {"321", "788"}, {"788"}}, Source: 41, Price: 0.82},
	{Code: "NZ", Countries: []string{"NZ"}, Hubs: []string{"AKL"}, RangeKm: 14500, Cabins: cE | cP | cB, Fleet: [3][]string{{"AT7", "32N"}, {"32N", "789"}, {"789", "77W"}}, Source: sourceGDS, TicketPrefix: "086", Price: 1.08},
	{Code: "PX", Countries: []string{"PG"}, Hubs: []string{"POM"}, RangeKm: 5500, Cabins: cE | cB, Fleet: [3][]string{{"DH8", "F70"}, {"F100", "738"}, {"767"}}, Source: sourceGDS, TicketPrefix: "656", Price: 1.0},
	{Code: "FJ", Countries: []string{"FJ"}, Hubs: []string{"NAN"}, RangeKm: 11000, Cabins: cE | cB, Fleet: [3][]string{{"AT7", "7M8"}, {"7M8", "359"}, {"359"}}, Source: sourceGDS, TicketPrefix: "260", Price: 1.05},
	// Europe.
	{Code: "BA", Countries: []string{"GB"}, Hubs: []string{"LHR", "LGW"}, RangeKm: 14000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"320", "32N"}, {"321", "788"}, {"789", "77W", "388"}}, Source: sourceGDS, TicketPrefix: "125", Price: 1.15},
	{Code: "VS", Countries: []string{"GB"}, Hubs: []string{"LHR"}, RangeKm: 12500, Cabins: cE | cP | cB, Fleet: [3][]string{{"789"}, {"789"}, {"789", "351"}}, Source: sourceGDS, TicketPrefix: "932", Price: 1.1},
	{Code: "U2", LCC: true, Countries: []string{"GB"}, Hubs: []string{"LGW", "LTN", "MXP", "GVA"}, RangeKm: 4200, Cabins: cE, Fleet: [3][]string{{"319", "320"}, {"32N"}, {"32N"}}, Source: 41, Price: 0.75},
	{Code: "FR", LCC: true, Countries: []string{"IE"}, Hubs: []string{"STN", "DUB", "BGY", "CRL"}, RangeKm: 4200, Cabins: cE, Fleet: [3][]string{{"738"}, {"738", "7M8"}, {"7M8"}}, Source: 41, Price: 0.7},
	{Code: "W6", LCC: true, Countries: []string{"HU"}, Hubs: []string{"BUD", "OTP"}, RangeKm: 5000, Cabins: cE, Fleet: [3][]string{{"321", "32Q"}, {"32Q"}, {"32Q"}}, Source: 41, Price: 0.72},
	{Code: "LH", Countries: []string{"DE"}, Hubs: []string{"FRA", "MUC"}, RangeKm: 15000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"32N", "CR9"}, {"321", "359"}, {"359", "748", "388"}}, Source: sourceGDS, TicketPrefix: "220", Price: 1.12},
	{Code: "LX", Countries: []string{"CH"}, Hubs: []string{"ZRH", "GVA"}, RangeKm: 13000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"221", "223"}, {"32N", "333"}, {"77W", "333"}}, Source: sourceGDS, TicketPrefix: "724", Price: 1.15},
	{Code: "OS", Countries: []string{"AT"}, Hubs: []string{"VIE"}, RangeKm: 10000, Cabins: cE | cP | cB, Fleet: [3][]string{{"E95", "320"}, {"321", "763"}, {"77W", "789"}}, Source: sourceGDS, TicketPrefix: "257", Price: 1.05},
	{Code: "AF", Countries: []string{"FR"}, Hubs: []string{"CDG", "ORY"}, RangeKm: 15000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"223", "32N"}, {"359", "77W"}, {"359", "77W"}}, Source: sourceGDS, TicketPrefix: "057", Price: 1.1},
	{Code: "KL", Countries: []string{"NL"}, Hubs: []string{"AMS"}, RangeKm: 14000, Cabins: cE | cP | cB, Fleet: [3][]string{{"E90", "73H"}, {"73J", "789"}, {"789", "77W"}}, Source: sourceGDS, TicketPrefix: "074", Price: 1.08},
	{Code: "TK", Countries: []string{"TR"}, Hubs: []string{"IST"}, RangeKm: 14500, Cabins: cE | cB, Fleet: [3][]string{{"32N", "738"}, {"321", "333"}, {"359", "77W", "789"}}, Source: sourceGDS, TicketPrefix: "235", Price: 1.0},
	{Code: "PC", LCC: true, Countries: []string{"TR"}, Hubs: []string{"SAW"}, RangeKm: 4500, Cabins: cE, Fleet: [3][]string{{"32N"}, {"32N", "32Q"}, {"32Q"}}, Source: 41, Price: 0.75},
	{Code: "AZ", Countries: []string{"IT"}, Hubs: []string{"FCO"}, RangeKm: 12000, Cabins: cE | cP | cB, Fleet: [3][]string{{"32N", "E90"}, {"32N", "359"}, {"359"}}, Source: sourceGDS, TicketPrefix: "055", Price: 1.05},
	{Code: "IB", Countries: []string{"ES"}, Hubs: []string{"MAD"}, RangeKm: 12000, Cabins: cE | cP | cB, Fleet: [3][]string{{"32N", "CRK"}, {"32N", "333"}, {"359", "351"}}, Source: sourceGDS, TicketPrefix: "075", Price: 1.05},
	{Code: "TP", Countries: []string{"PT"}, Hubs: []string{"LIS"}, RangeKm: 11000, Cabins: cE | cB, Fleet: [3][]string{{"E95", "32N"}, {"32N", "339"}, {"339"}}, Source: sourceGDS, TicketPrefix: "047", Price: 1.0},
	{Code: "EI", Countries: []string{"IE"}, Hubs: []string{"DUB"}, RangeKm: 8000, Cabins: cE | cB, Fleet: [3][]string{{"320", "AT7"}, {"32N", "32Q"}, {"333"}}, Source: sourceGDS, TicketPrefix: "053", Price: 1.0},
	{Code: "SK", Countries: []string{"DK", "NO", "SE"}, Hubs: []string{"CPH", "ARN", "OSL"}, RangeKm: 10000, Cabins: cE | cP | cB, Fleet: [3][]string{{"32N", "CR9"}, {"32N"}, {"359", "333"}}, Source: sourceGDS, TicketPrefix: "117", Price: 1.05},
	{Code: "AY", Countries: []string{"FI"}, Hubs: []string{"HEL"}, RangeKm: 12000, Cabins: cE | cP | cB, Fleet: [3][]string{{"E90", "AT7", "320"}, {"321", "359"}, {"359", "351"}}, Source: sourceGDS, TicketPrefix: "105", Price: 1.05},
	{Code: "LO", Countries: []string{"PL"}, Hubs: []string{"WAW"}, RangeKm: 10000, Cabins: cE | cP | cB, Fleet: [3][]string{{"E95", "DH4"}, {"7M8", "788"}, {"789"}}, Source: sourceGDS, TicketPrefix: "080", Price: 0.98},
	{Code: "A3", Countries: []string{"GR"}, Hubs: []string{"ATH"}, RangeKm: 4500, Cabins: cE | cB, Fleet: [3][]string{{"320", "DH4"}, {"32N", "321"}, {"32Q"}}, Source: sourceGDS, TicketPrefix: "390", Price: 0.98},
	{Code: "SU", Countries: []string{"RU"}, Hubs: []string{"SVO"}, RangeKm: 12000, Cabins: cE | cP | cB, Fleet: [3][]string{{"SU9", "320"}, {"321", "333"}, {"77W", "359"}}, Source: sourceGDS, TicketPrefix: "555", Price: 0.92},
	// Africa.
	{Code: "ET", Countries: []string{"ET"}, Hubs: []string{"ADD"}, RangeKm: 14000, Cabins: cE | cB, Fleet: [3][]string{{"DH4", "738"}, {"7M8", "788"}, {"350", "77W"}}, Source: sourceGDS, TicketPrefix: "071", Price: 0.95},
	{Code: "KQ", Countries: []string{"KE"}, Hubs: []string{"NBO"}, RangeKm: 12000, Cabins: cE | cB, Fleet: [3][]string{{"E90", "738"}, {"738", "788"}, {"788"}}, Source: sourceGDS, TicketPrefix: "706", Price: 1.0},
	{Code: "SA", Countries: []string{"ZA"}, Hubs: []string{"JNB", "CPT"}, RangeKm: 11000, Cabins: cE | cB, Fleet: [3][]string{{"320", "32N"}, {"32N", "333"}, {"359", "343"}}, Source: sourceGDS, TicketPrefix: "083", Price: 1.0},
	{Code: "MS", Countries: []string{"EG"}, Hubs: []string{"CAI"}, RangeKm: 11000, Cabins: cE | cB, Fleet: [3][]string{{"32N", "738"}, {"32N", "789"}, {"789", "77W"}}, Source: sourceGDS, TicketPrefix: "077", Price: 0.95},
	{Code: "AT", Countries: []string{"MA"}, Hubs: []string{"CMN"}, RangeKm: 11000, Cabins: cE | cB, Fleet: [3][]string{{"AT7", "738"}, {"738", "788"}, {"789"}}, Source: sourceGDS, TicketPrefix: "147", Price: 0.95},
	{Code: "MK", Countries: []string{"MU"}, Hubs: []string{"MRU"}, RangeKm: 10000, Cabins: cE | cB, Fleet: [3][]string{{"AT7"}, {"32N", "339"}, {"359"}}, Source: sourceGDS, TicketPrefix: "239", Price: 1.0},
	// The Americas.
	{Code: "AA", Countries: []string{"US"}, Hubs: []string{"DFW", "CLT", "ORD", "MIA", "JFK", "LAX", "PHX", "PHL"}, RangeKm: 15000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"E75", "738", "321"}, {"321", "738", "788"}, {"789", "77W"}}, Source: sourceGDS, TicketPrefix: "001", Price: 1.1},
	{Code: "UA", Countries: []string{"US"}, Hubs: []string{"ORD", "EWR", "SFO", "IAH", "DEN", "IAD", "LAX"}, RangeKm: 15000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"E75", "739", "320"}, {"739", "7M9", "752"}, {"789", "77W"}}, Source: sourceGDS, TicketPrefix: "016", Price: 1.1},
	{Code: "DL", Countries: []string{"US"}, Hubs: []string{"ATL", "DTW", "MSP", "JFK", "LAX", "SEA", "SLC"}, RangeKm: 15000, Cabins: cE | cP | cB | cF, Fleet: [3][]string{{"CR9", "221", "739"}, {"321", "739", "339"}, {"359", "339"}}, Source: sourceGDS, TicketPrefix: "006", Price: 1.1},
	{Code: "WN", LCC: true, Countries: []string{"US"}, Hubs: []string{"DAL", "MDW", "LAS", "DEN", "BWI", "PHX", "HOU"}, RangeKm: 4800, Cabins: cE, Fleet: [3][]string{{"73W", "7M8"}, {"73H", "7M8"}, {"7M8"}}, Source: 41, Price: 0.8},
	{Code: "B6", LCC: true, Countries: []string{"US"}, Hubs: []string{"JFK", "BOS", "FLL"}, RangeKm: 6500, Cabins: cE | cB, Fleet: [3][]string{{"E90", "223"}, {"320", "321"}, {"32Q"}}, Source: 41, Price: 0.85},
	{Code: "AC", Countries: []string{"CA"}, Hubs: []string{"YYZ", "YVR", "YUL"}, RangeKm: 15000, Cabins: cE | cP | cB, Fleet: [3][]string{{"E75", "223"}, {"7M8", "321"}, {"789", "77W"}}, Source: sourceGDS, TicketPrefix: "014", Price: 1.08},
	{Code: "WS", LCC: true, Countries: []string{"CA"}, Hubs: []string{"YYC", "YYZ"}, RangeKm: 6000, Cabins: cE | cP | cB, Fleet: [3][]string{{"DH4", "738"}, {"7M8"}, {"789"}}, Source: 41, Price: 0.85},
	{Code: "AM", Countries: []string{"MX"}, Hubs: []string{"MEX"}, RangeKm: 11000, Cabins: cE | cB, Fleet: [3][]string{{"E90", "7M8"}, {"7M8", "788"}, {"789"}}, Source: sourceGDS, TicketPrefix: "139", Price: 1.0},
	{Code: "CM", Countries: []string{"PA"}, Hubs: []string{"PTY"}, RangeKm: 6500, Cabins: cE | cB, Fleet: [3][]string{{"738"}, {"738", "7M9"}, {"7M9"}}, Source: sourceGDS, TicketPrefix: "230", Price: 1.0},
	{Code: "AV", Countries: []string{"CO"}, Hubs: []string{"BOG"}, RangeKm: 9000, Cabins: cE | cB, Fleet: [3][]string{{"320", "AT7"}, {"32N", "788"}, {"788"}}, Source: sourceGDS, TicketPrefix: "134", Price: 0.98},
	{Code: "LA", Countries: []string{"CL", "PE", "BR"}, Hubs: []string{"SCL", "LIM", "GRU"}, RangeKm: 12500, Cabins: cE | cP | cB, Fleet: [3][]string{{"320", "32N"}, {"321", "788"}, {"789", "77W"}}, Source: sourceGDS, TicketPrefix: "045", Price: 1.0},
	{Code: "G3", LCC: true, Countries: []string{"BR"}, Hubs: []string{"GRU", "GIG", "BSB"}, RangeKm: 5500, Cabins: cE, Fleet: [3][]string{{"738"}, {"738", "7M8"}, {"7M8"}}, Source: 41, Price: 0.8},
	{Code: "AR", Countries: []string{"AR"}, Hubs: []string{"EZE", "AEP"}, RangeKm: 11000, Cabins: cE | cB, Fleet: [3][]string{{"738", "E90"}, {"7M8", "332"}, {"332"}}, Source: sourceGDS, TicketPrefix: "044", Price: 1.0},
}

// extraMajors are large airports that no full-service carrier of the table
// is based at but that carriers fly to from their hubs (holiday and
// business destinations, low-cost bases).
var extraMajors = []string{
	// India.
	"SXR", "IXL", "GAU", "BBI", "PAT", "VNS", "IDR", "NAG", "IXC", "ATQ", "VTZ", "CJB", "IXM", "TRZ",
	"IXB", "UDR", "IXE", "IXR", "RPR", "BDQ", "VGA", "DED", "STV", "IXJ",
	"AMD", "PNQ", "COK", "GOI", "LKO", "JAI", "TRV", "CCJ",
	// Holiday and business destinations abroad.
	"MLE", "HKT", "SEZ", "TBS", "GYD", "EVN", "DAD", "CXR", "CEB", "KIX", "FUK", "CTS", "PUS", "OKA",
	"PEN", "LGK", "CNX", "KBV", "USM", "REP", "PNH", "RGN", "DPS", "SUB", "AKL", "CHC", "ZQN", "ADL",
	"CNS", "OOL", "BCN", "PRG", "NCE", "VCE", "ATH", "MAN", "EDI", "HAM", "DUS", "BRU", "CPH",
	"ZAG", "KRK", "LYS", "OPO", "AGP", "PMI", "LAS", "MCO", "SEA", "BOS", "YVR", "HNL", "SJU", "CUN",
	"MBJ", "NAS", "PUJ", "BUD", "BWI", "FLL", "YYC", "GIG", "BSB", "ZNZ", "DAR", "EBB", "KGL", "LOS", "ACC", "DKR", "ABJ", "TUN", "ALG",
	"DMM", "MED", "SLL", "HRG", "SSH", "KHH", "PVG", "SZX", "CTU", "XIY", "HKT", "ULN", "ISB",
}
