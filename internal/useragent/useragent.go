// Package useragent names the browser and system behind a User-Agent header
// in a few words ("Chrome on Windows"), as the web app's device list does
// (web/src/features/account/utils/user-agent.ts): e-mails and the device
// list must call a device by the same name.
package useragent

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

type rule struct {
	re   *regexp.Regexp
	name string
}

// browsers are checked most specific first: Edge and Opera also say
// "Chrome", Chrome also says "Safari".
var browsers = []rule{
	{regexp.MustCompile(`\bEdg(?:e|A|iOS)?/`), "Edge"},
	{regexp.MustCompile(`\b(?:OPR|Opera)/`), "Opera"},
	{regexp.MustCompile(`\bSamsungBrowser/`), "Samsung Internet"},
	{regexp.MustCompile(`\b(?:Firefox|FxiOS)/`), "Firefox"},
	{regexp.MustCompile(`\b(?:HeadlessChrome|Chrome|CriOS|Chromium)/`), "Chrome"},
	{regexp.MustCompile(`\bVersion/[\d.]+.*\bSafari/`), "Safari"},
}

var systems = []rule{
	{regexp.MustCompile(`\b(?:iPhone|iPod)\b`), "iPhone"},
	{regexp.MustCompile(`\biPad\b`), "iPad"},
	{regexp.MustCompile(`\bAndroid\b`), "Android"},
	{regexp.MustCompile(`\bCrOS\b`), "ChromeOS"},
	{regexp.MustCompile(`\bWindows\b`), "Windows"},
	{regexp.MustCompile(`\bMac OS X\b|\bMacintosh\b`), "macOS"},
	{regexp.MustCompile(`\bLinux\b|\bX11\b`), "Linux"},
}

func first(rules []rule, ua string) string {
	for _, r := range rules {
		if r.re.MatchString(ua) {
			return r.name
		}
	}
	return ""
}

// Summary is "Chrome on Windows", "Safari on iPhone"; an agent it does not
// recognise is returned shortened to 60 characters, and none at all is
// "Unknown device".
func Summary(userAgent string) string {
	ua := strings.TrimSpace(userAgent)
	if ua == "" {
		return "Unknown device"
	}
	browser, system := first(browsers, ua), first(systems, ua)
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case system != "":
		return system
	}
	if utf8.RuneCountInString(ua) > 60 {
		return string([]rune(ua)[:57]) + "…"
	}
	return ua
}
