package flights

// AgencyOnly lists, for the API tests, the fields no answer may carry.
var AgencyOnly = agencyOnly
