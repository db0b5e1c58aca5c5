#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mail.sh: the mails of the postings as they would be sent, made from
# patches/ into build/mail/NAME/ (export.sh --mail):
# - applied with git am in order onto the base (cover letters dropped,
#   --empty=drop), they give the tree of every posting's tag in
#   build/linux: what a maintainer takes from the list is what was tested;
# - the command that sends each posting (send_command), run with
#   --dry-run (no mail is sent), sends each file as one mail, to exactly
#   the addresses of its To:, Cc: and From: headers, and takes no other
#   line of a message for a recipient.
set -eu
. "$(dirname "$0")/common.sh"

command -v perl >/dev/null && perl -MMail::Address -e 1 2>/dev/null &&
	[ -x "$(git --exec-path)/git-send-email" ] ||
	die "no git send-email: run harness/deps.sh (Debian's git-email and libmailtools-perl)"

"$top/harness/export.sh" --mail >/dev/null
out=$build/mail/.check
rm -rf "$out"
mkdir -p "$out"

wt=$build/mailcheck-tree
ksrc_worktree "$wt" base
git -C "$wt" am --abort >/dev/null 2>&1 || :
git -C "$wt" checkout -q -f --detach base
for p in $(postings); do
	git -C "$wt" am -q --empty=drop "$build/mail/$p"/*.patch >"$out/am.log" 2>&1 ||
		die "build/mail/$p does not apply with git am onto the postings before it (log: build/mail/.check/am.log)"
	[ "$(git -C "$wt" rev-parse HEAD^{tree})" = "$(git -C "$ksrc" rev-parse "posting/$p^{tree}")" ] ||
		die "build/mail/$p gives another tree than posting/$p of build/linux: run make export"
done
echo "  MAIL    git am of the mails, in order, gives every posting's tree"

# addresses: the addresses of the To:, Cc: and From: headers of an mbox
# file on stdin, one a line, sorted
addresses() {
	perl -MMail::Address -ne 'last if /^$/; $h .= $_;
		END { $h =~ s/\n[ \t]+/ /g;
			print map { lc($_->address) . "\n" } Mail::Address->parse($1)
				while $h =~ /^(?:To|Cc|From): (.*)$/mg }' | sort -u
}

rc=0
sent=0
for p in $(postings); do
	# the posting's own command, with send-email's own configuration and
	# identity instead of the user's
	cmd=$(send_command "$p")
	# shellcheck disable=SC2086
	(cd "$top" && HOME=$out GIT_CONFIG_NOSYSTEM=1 git -c sendemail.smtpserver=localhost \
		${cmd#git } --dry-run --confirm=never --no-validate --8bit-encoding=UTF-8 \
		--from="$(sed -n 's/^From: //p' "$build/mail/$p/0000-cover-letter.patch" | head -1)") \
		>"$out/$p.log" 2>&1 ||
		{ cat "$out/$p.log" >&2; die "$cmd --dry-run failed"; }
	# the recipients of each mail, in the order of the files
	awk '/^Dry-OK/ { n++ } /^RCPT TO:/ { sub(/^RCPT TO:</, ""); sub(/>$/, ""); print n, tolower($0) }' \
		"$out/$p.log" >"$out/$p.rcpt"
	n=0
	for f in "$build/mail/$p"/*.patch; do
		n=$((n + 1))
		addresses <"$f" >"$out/want"
		awk -v n=$n '$1 == n { print $2 }' "$out/$p.rcpt" | sort -u >"$out/got"
		if ! cmp -s "$out/want" "$out/got"; then
			echo "mail: git send-email would send ${f#"$top"/} to other recipients than its headers name (< headers, > send-email):" >&2
			diff "$out/want" "$out/got" | grep "^[<>]" | head -5 >&2
			rc=1
		fi
	done
	if [ "$(grep -c '^Dry-OK' "$out/$p.log")" != "$n" ]; then
		echo "mail: git send-email would send build/mail/$p/ as $(grep -c '^Dry-OK' "$out/$p.log") mails, not $n" >&2
		rc=1
	fi
	if grep -q "^(body) Ignoring" "$out/$p.log"; then
		echo "mail: a line of a message in build/mail/$p/ reads as a recipient line; rewrap it:" >&2
		grep "^(body) Ignoring" "$out/$p.log" >&2
		rc=1
	fi
	sent=$((sent + n))
done
[ $rc = 0 ] || exit 1
echo "  MAIL    git send-email --dry-run: $sent mails, each to the addresses of its headers"
