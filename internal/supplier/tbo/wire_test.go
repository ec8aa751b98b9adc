package tbo

import "testing"

func TestReadEnvelope(t *testing.T) {
	t.Parallel()
	for name, doc := range map[string]string{
		"fields first":   `{"Response":{"ResponseStatus":1,"Error":{"ErrorCode":0,"ErrorMessage":""},"TraceId":"t-1","Results":[[{"a":1}]]}}`,
		"fields last":    `{"Response":{"Results":[[{"a":1}]],"TraceId":"t-1","Error":{"ErrorCode":"0"},"ResponseStatus":"1"}}`,
		"other key too":  `{"Other":{"x":[1,2]},"Response":{"Origin":"BOM","ResponseStatus":1,"TraceId":"t-1","Error":{"ErrorCode":0}}}`,
		"truncated tail": `{"Response":{"ResponseStatus":1,"Error":{"ErrorCode":0},"TraceId":"t-1","Results":[[{"a":`,
	} {
		var env envelope
		if err := readEnvelope([]byte(doc), &env); err != nil || env.Response.TraceId != "t-1" || env.Response.ResponseStatus != 1 {
			t.Errorf("%s: %+v %v", name, env, err)
		}
	}
	var env envelope
	for _, bad := range []string{`<html>oops</html>`, `["an","array"]`, `"a string"`, `{"Response":`} {
		err := readEnvelope([]byte(bad), &env)
		if err == nil {
			t.Errorf("%s accepted", bad)
			continue
		}
		// Errors end up in logs: printing one must work.
		if err.Error() == "" {
			t.Errorf("%s: empty error text", bad)
		}
	}
	if err := readEnvelope([]byte(`{"Response":{"ResponseStatus":2,"Error":{"ErrorCode":6,"ErrorMessage":"Invalid token"}}}`), &env); err != nil ||
		env.Response.Error.ErrorCode != 6 || env.Response.Error.ErrorMessage != "Invalid token" {
		t.Errorf("error envelope %+v %v", env, err)
	}
}
