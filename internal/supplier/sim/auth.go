package sim

import (
	"strings"
	"time"
)

const msgInvalidToken = "Invalid Token. Token is either expired or not valid. Please authenticate again."

// authenticate answers Authenticate: a token valid for the rest of the day.
func (s *Server) authenticate(body []byte) reply {
	var req authRequest
	if !decode(body, &req) {
		return reply{badRequest: true}
	}
	fail := func(status, code int, msg string) reply {
		return reply{body: authResponse{Status: status, Error: wireError{ErrorCode: code, ErrorMessage: msg}}}
	}
	if req.EndUserIP == "" {
		return fail(authFailed, errValidation, "EndUserIp is mandatory.")
	}
	if req.ClientID == "" || req.UserName == "" || req.Password == "" {
		return fail(authFailed, errValidation, "ClientId, UserName and Password are mandatory.")
	}
	var match *Credential
	for i, c := range s.opts.Credentials {
		if strings.EqualFold(c.UserName, req.UserName.String()) {
			match = &s.opts.Credentials[i]
			break
		}
	}
	switch {
	case match == nil:
		return fail(authIncorrectUserName, authIncorrectUserName, "Incorrect Username.")
	case match.Password != req.Password.String():
		return fail(authIncorrectPassword, authIncorrectPassword, "Incorrect Password.")
	case !strings.EqualFold(match.ClientID, req.ClientID.String()):
		return fail(authFailed, authFailed, "Invalid ClientId.")
	}
	now := s.now()
	tok, _ := s.issueToken(now)
	id := int(fnvOffset.str(strings.ToLower(match.UserName)).intn(900000)) + 100000
	return reply{body: authResponse{
		Status:  authSuccessful,
		TokenID: tok,
		Error:   wireError{},
		Member: &authMember{
			FirstName:      "Paryatan",
			LastName:       "Agent",
			Email:          strings.ToLower(match.UserName) + "@agency.example",
			MemberID:       id,
			AgencyID:       id/10 + 7,
			LoginName:      match.UserName,
			LoginDetails:   "Login Success at#" + now.In(ist).Format(wireTime) + " from IP#" + req.EndUserIP.String(),
			IsPrimaryAgent: true,
		},
	}}
}

// checkAir validates what every Air call carries: a live token and the
// end user's IP. It returns the failure to answer with, or nil.
func (s *Server) checkAir(req *airRequest, now time.Time) *statusBody {
	if !s.tokenValid(req.TokenID.String(), now) {
		return &statusBody{ResponseStatus: statusInvalidSession, Error: wireError{ErrorCode: errInvalidToken, ErrorMessage: msgInvalidToken}, TraceID: req.TraceID.String()}
	}
	if req.EndUserIP == "" {
		return invalid(req.TraceID.String(), "EndUserIp is mandatory.")
	}
	return nil
}

func invalid(traceID, msg string) *statusBody {
	return &statusBody{ResponseStatus: statusInvalidRequest, Error: wireError{ErrorCode: errValidation, ErrorMessage: msg}, TraceID: traceID}
}

func failed(traceID string, code int, msg string) *statusBody {
	return &statusBody{ResponseStatus: statusFailed, Error: wireError{ErrorCode: code, ErrorMessage: msg}, TraceID: traceID}
}

func traceExpired(traceID string) *statusBody {
	return &statusBody{ResponseStatus: statusInvalidSession, Error: wireError{ErrorCode: errTraceExpired, ErrorMessage: msgTraceExpired}, TraceID: traceID}
}

// ok is the status of a successful answer.
func ok(traceID string) statusBody {
	return statusBody{ResponseStatus: statusSuccessful, TraceID: traceID}
}
