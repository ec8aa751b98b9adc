package outbox

import (
	"errors"
	"fmt"
	"mime"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Attachment is a file an e-mail carries, such as an e-ticket or an
// invoice as a PDF.
type Attachment struct {
	// Name is the file name the recipient sees ("e-ticket-K7Q2MZ.pdf"):
	// a name, not a path.
	Name string
	// ContentType is the file's media type ("application/pdf"); empty, it
	// is read from Name's extension, else application/octet-stream.
	ContentType string
	// Data is the file's content, sent as written.
	Data []byte
}

// MaxAttachmentBytes bounds the files of one message, all together. Base64
// makes them a third larger on the wire (about 7 MiB), below the 10 MiB
// many mail providers take at least; anything larger belongs behind a link.
const MaxAttachmentBytes = 5 << 20

// maxNameBytes bounds a file name, so that its header (percent-encoded
// when it is not ASCII) stays within a mail line.
const maxNameBytes = 200

// ErrTooLarge marks a message whose files together exceed
// MaxAttachmentBytes: Enqueue refuses it, and writes nothing.
var ErrTooLarge = errors.New("attachments too large for an e-mail")

// checkAttachments validates a message's files before anything is
// written, and returns them with each media type settled, so the send
// job, possibly days later, never finds one it cannot write.
func checkAttachments(as []Attachment) ([]Attachment, error) {
	if len(as) == 0 {
		return nil, nil
	}
	out := make([]Attachment, len(as))
	total := 0
	for i, a := range as {
		if err := checkName(a.Name); err != nil {
			return nil, fmt.Errorf("attachment %d: %w", i+1, err)
		}
		if len(a.Data) == 0 {
			return nil, fmt.Errorf("attachment %d (%s) is empty", i+1, a.Name)
		}
		ct, err := mediaType(a.Name, a.ContentType)
		if err != nil {
			return nil, fmt.Errorf("attachment %d (%s): %w", i+1, a.Name, err)
		}
		total += len(a.Data)
		out[i] = Attachment{Name: a.Name, ContentType: ct, Data: a.Data}
	}
	if total > MaxAttachmentBytes {
		return nil, fmt.Errorf("%w: %d files, %d bytes in all, more than %d (%d MiB)",
			ErrTooLarge, len(as), total, MaxAttachmentBytes, MaxAttachmentBytes>>20)
	}
	return out, nil
}

// checkName refuses a name the mail software would alter: a path, a
// control character, or a character go-mail replaces in file names.
func checkName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("the file has no name")
	case !utf8.ValidString(name):
		return fmt.Errorf("the file name %q is not UTF-8", name)
	case len(name) > maxNameBytes:
		return fmt.Errorf("the file name %q is longer than %d bytes", name, maxNameBytes)
	case strings.ContainsFunc(name, func(r rune) bool { return unicode.IsControl(r) || strings.ContainsRune(`"/:<>?\|`, r) }):
		return fmt.Errorf(`the file name %q has a control character or one of "/:<>?\| (a name, not a path)`, name)
	}
	return nil
}

// mediaType is ct written canonically, or the type Name's extension
// implies when ct is empty.
func mediaType(name, ct string) (string, error) {
	if ct == "" {
		ct = mime.TypeByExtension(path.Ext(name))
		if ct == "" {
			return "application/octet-stream", nil
		}
	}
	mt, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", fmt.Errorf("content type %q: %w", ct, err)
	}
	if out := mime.FormatMediaType(mt, params); out != "" {
		return out, nil
	}
	return "", fmt.Errorf("content type %q cannot be written in a header", ct)
}
