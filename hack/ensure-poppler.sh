#!/usr/bin/env bash
# Makes sure pdftotext and pdftoppm (Debian's poppler-utils) are installed and
# prints pdftotext's path. The document tests (internal/documents) read the
# text back out of the PDFs they render with pdftotext; pdftoppm turns a
# PDF into PNG pages for a look at its layout.
set -euo pipefail

if p=$(command -v pdftotext); then
  echo "$p"; exit 0
fi

echo "Installing poppler-utils (pdftotext) for the document tests…" >&2
sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq --no-install-recommends poppler-utils >&2
command -v pdftotext || { echo "the poppler-utils package installed no pdftotext on PATH" >&2; exit 1; }
