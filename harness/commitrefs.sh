#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# commitrefs.sh [PATCH...]: every commit id (7 to 40 hex digits, letters
# and digits both) in the message of each patch (default: every mail of
# every posting, cover letters included) is cited the way
# Documentation/process/submitting-patches.rst asks: in a Fixes: tag, or
# as commit <12 or more hex digits> ("subject").
# checkpatch checks this only for ids it can find in the tree's history,
# which the base of this series does not have.  A patch with Cc: stable and
# no Fixes: tag must say since which release the bug exists: "since vX.Y"
# in its message, or "Cc: stable@vger.kernel.org # vX.Y+".
# And as Documentation/process/coding-assistants.rst asks of a series
# written with an AI assistant: no patch carries a Signed-off-by (the
# sender's comes with the mails, make export SENDER=...), every patch an
# Assisted-by: in the form that document gives.
set -eu
. "$(dirname "$0")/common.sh"

rc=0
for f in ${*:-$(for p in $(postings); do posting_mails "$p"; done)}; do
	# the mail up to its "---" line: headers, message and trailers
	msg=$(awk '/^---$/ { exit } { print }' "$f")
	# the message, one line: from the mail's headers to the "---" line
	# (a cover letter's to its shortlog, "Author (N):"), without trailers
	# other than Fixes:
	bad=$(awk '/^---$/ || /^[^ ].* \([0-9]+\):$/ { exit } body; /^$/ { body = 1 }' "$f" |
		grep -Ev '^(Link|Signed-off-by|Cc|[A-Z][a-z]*-by): ' | tr '\n' ' ' |
		perl -ne 'sub id { $_[0] =~ /[a-f]/ && $_[0] =~ /[0-9]/ }
			while (/(\S+)\s+([0-9a-f]{7,40})\b(\s+\(")?/g) {
				my ($w, $h, $s) = ($1, $2, $3);
				print "$h\n" if id($h) && !(($w eq "commit" || $w eq "Fixes:") &&
					length($h) >= 12 && $s) }
			while (/(?<![\w\/.-])([0-9a-f]{12,40})(?![\w\/-])/g) {
				my $h = $1;
				print "$h\n" if id($h) && !/(commit|Fixes:)\s+$h/ }' |
		sort -u)
	if [ -n "$bad" ]; then
		echo "commitrefs: ${f#$top/patches/} cites $(echo $bad) not as commit <id> (\"subject\") nor in Fixes:" >&2
		rc=1
	fi
	case $f in */0000-cover-letter.patch) ;; *)
		if echo "$msg" | grep -q '^Signed-off-by: '; then
			echo "commitrefs: ${f#$top/patches/} carries a Signed-off-by: only the sender signs off, when the mails are made (make export SENDER=...)" >&2
			rc=1
		fi
		if ! echo "$msg" | grep -Eq '^Assisted-by: LLM( [a-z][a-z0-9-]*)*$'; then
			echo "commitrefs: ${f#$top/patches/} has no Assisted-by: LLM [TOOL...] (Documentation/process/coding-assistants.rst)" >&2
			rc=1
		fi
	esac
	if grep -q '^Cc: stable@' "$f" && ! grep -q '^Fixes: ' "$f" &&
		! grep -q '^Cc: stable@vger.kernel.org # v[0-9][0-9.]*+' "$f" &&
		! echo "$msg" | tr '\n' ' ' | grep -q 'since v[0-9]'; then
		echo "commitrefs: ${f#$top/patches/} has Cc: stable without Fixes:, and does not say since which release the bug exists (\"since vX.Y\", or Cc: stable@vger.kernel.org # vX.Y+)" >&2
		rc=1
	fi
done
exit $rc
