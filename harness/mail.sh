#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mail.sh: the mails of the postings as they would be sent, made from
# patches/ into build/mail-test/NAME/ (test_mails: from TEST_SENDER, as
# make export SENDER=... makes them):
# - applied with git am in order onto the base (cover letters dropped,
#   --empty=drop), they give the tree of every posting's tag in
#   build/linux: what a maintainer takes from the list is what was tested;
# - the command that sends each posting (send_command), run with
#   --dry-run (no mail is sent), sends each file as one mail, to exactly
#   the addresses of its To:, Cc: and From: headers, and takes no other
#   line of a message for a recipient;
# - sent for real through a sendmail of the gate's own, which keeps them
#   in an mbox as the list would, they are a thread that b4 am takes as a
#   maintainer does: the cover letter and every patch, their trailers
#   kept, and git am of what b4 gives makes the posting's tree again.
set -eu
. "$(dirname "$0")/common.sh"

command -v perl >/dev/null && perl -MMail::Address -e 1 2>/dev/null &&
	[ -x "$(git --exec-path)/git-send-email" ] && command -v b4 >/dev/null ||
	die "no git send-email or b4: run harness/deps.sh (Debian's git-email, libmailtools-perl and b4)"

mails=$(test_mails)
out=$mails/.check
rm -rf "$out"
mkdir -p "$out"

wt=$build/mailcheck-tree
# same_tree NAME: the mails applied in $wt give posting NAME's tree
same_tree() {
	[ "$(git -C "$wt" rev-parse HEAD^{tree})" = "$(git -C "$ksrc" rev-parse "posting/$1^{tree}")" ]
}
ksrc_worktree "$wt" base
git -C "$wt" am --abort >/dev/null 2>&1 || :
git -C "$wt" checkout -q -f --detach base
for p in $(postings); do
	git -C "$wt" am -q --empty=drop "$mails/$p"/*.patch >"$out/am.log" 2>&1 ||
		die "build/mail-test/$p does not apply with git am onto the postings before it (log: build/mail-test/.check/am.log)"
	same_tree "$p" || die "build/mail-test/$p gives another tree than posting/$p of build/linux: run make export"
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
	# the posting's own command, on the test mails, with send-email's own
	# configuration and identity instead of the user's
	cmd=$(send_command "$p" build/mail-test)
	# shellcheck disable=SC2086
	(cd "$top" && HOME=$out GIT_CONFIG_NOSYSTEM=1 git -c sendemail.smtpserver=localhost \
		${cmd#git } --dry-run --confirm=never --no-validate --8bit-encoding=UTF-8 \
		--from="$(sed -n 's/^From: //p' "$mails/$p/0000-cover-letter.patch" | head -1)") \
		>"$out/$p.log" 2>&1 ||
		{ cat "$out/$p.log" >&2; die "$cmd --dry-run failed"; }
	# the recipients of each mail, in the order of the files
	awk '/^Dry-OK/ { n++ } /^RCPT TO:/ { sub(/^RCPT TO:</, ""); sub(/>$/, ""); print n, tolower($0) }' \
		"$out/$p.log" >"$out/$p.rcpt"
	n=0
	for f in "$mails/$p"/*.patch; do
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
		echo "mail: git send-email would send build/mail-test/$p/ as $(grep -c '^Dry-OK' "$out/$p.log") mails, not $n" >&2
		rc=1
	fi
	# send-email reads every "...-by:" line as a possible recipient, and
	# says it ignores an Assisted-by:, which names no address: any other
	# line it ignores is a wrapped line of a message
	if grep "^(body) Ignoring" "$out/$p.log" | grep -qv "^(body) Ignoring Assisted-by from line 'Assisted-by: "; then
		echo "mail: a line of a message in build/mail-test/$p/ reads as a recipient line; rewrap it:" >&2
		grep "^(body) Ignoring" "$out/$p.log" | grep -v "^(body) Ignoring Assisted-by from line" >&2
		rc=1
	fi
	sent=$((sent + n))
done
[ $rc = 0 ] || exit 1
echo "  MAIL    git send-email --dry-run: $sent mails, each to the addresses of its headers"

# trailers FILE...: the trailer lines of the messages of mbox FILEs, in
# order (not their headers, nor their diffs)
trailers() {
	awk '/^From / { head = 1; diff = 0 } head && /^$/ { head = 0 } /^---$/ { diff = 1 }
		!head && !diff && /^(Fixes|Cc|Link|[A-Z][a-z-]*-by): /' "$@"
}

# The thread as the list has it: each posting's command, sent through a
# sendmail that appends each mail to an mbox; then b4 am, as a maintainer
# with an identity of their own (HOME=$out) runs it on the thread of the
# cover letter
cat >"$out/sendmail" <<'EOF'
#!/bin/sh
{ echo "From mboxrd@z Thu Jan  1 00:00:00 1970"; sed 's/^\(>*From \)/>\1/'; echo; } >>"$MBOX"
EOF
chmod +x "$out/sendmail"
printf '[user]\n\tname = A Maintainer\n\temail = maintainer@example.org\n' >"$out/.gitconfig"
git -C "$wt" checkout -q -f --detach base
for p in $(postings); do
	cmd=$(send_command "$p" build/mail-test)
	rm -f "$out/$p.mbox"
	# shellcheck disable=SC2086
	(cd "$top" && MBOX=$out/$p.mbox HOME=$out GIT_CONFIG_NOSYSTEM=1 git ${cmd#git } \
		--smtp-server="$out/sendmail" --confirm=never --quiet --no-validate --8bit-encoding=UTF-8 \
		--from="$(sed -n 's/^From: //p' "$mails/$p/0000-cover-letter.patch" | head -1)") \
		>"$out/$p.send.log" 2>&1 || { cat "$out/$p.send.log" >&2; die "$cmd through a local sendmail failed"; }
	cover=$(sed -n 's/^Message-I[Dd]: <\(.*\)>$/\1/p' "$out/$p.mbox" | head -1)
	rm -rf "$out/b4-$p"
	mkdir -p "$out/b4-$p"
	(cd "$out" && HOME=$out b4 am -m "$p.mbox" -o "b4-$p" -n "$p" "$cover") >"$out/$p.b4.log" 2>&1 ||
		{ cat "$out/$p.b4.log" >&2; die "b4 am of the thread of build/mail-test/$p failed"; }
	[ -f "$out/b4-$p/$p.cover" ] || die "b4 am found no cover letter in the thread of build/mail-test/$p (log: ${out#$top/}/$p.b4.log)"
	n=$(posting_patches "$p" | wc -l)
	[ "$(grep -c '^Subject: ' "$out/b4-$p/$p.mbx")" = "$n" ] ||
		die "b4 am took $(grep -c '^Subject: ' "$out/b4-$p/$p.mbx") patches of build/mail-test/$p, not $n (log: ${out#$top/}/$p.b4.log)"
	trailers "$out/b4-$p/$p.mbx" >"$out/got"
	# shellcheck disable=SC2046
	trailers $(posting_patches "$p" | sed "s|^$top/patches|$mails|") >"$out/want"
	diff "$out/want" "$out/got" >"$out/diff" ||
		{ cat "$out/diff" >&2; die "b4 am of build/mail-test/$p changed the trailers (< the mails, > b4)"; }
	git -C "$wt" am -q "$out/b4-$p/$p.mbx" >"$out/am.log" 2>&1 ||
		die "what b4 am gives of build/mail-test/$p does not apply with git am (log: build/mail-test/.check/am.log)"
	same_tree "$p" || die "what b4 am gives of build/mail-test/$p makes another tree than posting/$p"
done
echo "  MAIL    b4 am of each thread: every cover letter and patch, trailers kept, git am gives every posting's tree"
