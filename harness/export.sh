#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# export.sh [--check | --mail]: regenerate patches/ from build/linux, one
# directory per posting (from the tag of the posting before it, or base,
# to posting/NAME), each with its cover letter from postings/NAME.txt; then
# the mails.  patches/ depends only on the commits: no commit ids
# (--zero-commit), no clock, no git version.  No base-commit: line: the
# base is Debian's tree, whose id no one else has; the cover letters name
# it and the postings each depends on.
#   --check: do not write; fail if patches/ differs from what would be written.
#   --mail:  only the mails, from patches/: each posting's mails as mbox
#            files in build/mail/NAME/, addressed, for git send-email
#            build/mail/NAME/; From and signed off by SENDER="Name
#            <address>" (which implies --mail), or by TEST_SENDER of
#            series.conf; into MAIL_DIR instead of build/mail where set
#            (the gates' mails: see test_mails in common.sh)
set -eu
. "$(dirname "$0")/common.sh"

tmp=$build/export/tmp
mail_dir=${MAIL_DIR:-$build/mail}
[ -z "${SENDER:-}" ] || [ "${1:-}" = --mail ] || set -- --mail
case ${SENDER:-$TEST_SENDER} in
*" <"*@*">") ;;
*) die "SENDER=\"$SENDER\": give it as \"Name <address>\"" ;;
esac

# mails NAME: patches/NAME's mails, each an mbox file of its own in
# build/mail/NAME/, From the sender, each patch signed off by them below
# its other trailers, and addressed: To the lists get_maintainer.pl of the
# base names for the posting, Cc its maintainers, the posting's CC, and
# whom a patch's own Cc: trailers name (stable@ among them)
mails() {
	patches=$(posting_patches "$1")
	gm="./scripts/get_maintainer.pl --no-git --no-git-fallback --no-fixes --no-rolestats --no-tree"
	# shellcheck disable=SC2086
	lists=$(cd "$(base_tree)" && $gm --no-m --no-r $patches | LC_ALL=C sort -u | paste -sd, | sed 's/,/, /g')
	# shellcheck disable=SC2086
	people=$(cd "$(base_tree)" && $gm --no-l $patches | LC_ALL=C sort -u | paste -sd, | sed 's/,/, /g')
	extra=$(posting_var "$1" CC)
	mkdir -p "$mail_dir/$1"
	for f in $(posting_mails "$1"); do
		to=$lists cc=$people${extra:+, $extra}
		# and whom its Cc: trailers name, as git send-email takes them
		ccs=$(awk '/^---$/ { exit } /^Cc: / { sub(/^Cc: /, ""); sub(/ #.*/, ""); print }' "$f" |
			paste -sd, | sed 's/,/, /g')
		[ -z "$ccs" ] || cc="$cc, $ccs"
		awk -v to="$to" -v cc="$cc" '
			!done && /^Subject: / { subj = 1 }
			!done && subj && /^$/ { print "To: " to; print "Cc: " cc; done = 1 }
			{ print }' "$f" |
			NAME=$SERIES_NAME EMAIL=$SERIES_EMAIL TO=${SENDER:-$TEST_SENDER} perl -0pe \
				's/^From: \Q$ENV{NAME}\E\s+<\Q$ENV{EMAIL}\E>/From: $ENV{TO}/m;
				 s/^---$/Signed-off-by: $ENV{TO}\n---/m;
				 s/^\Q$ENV{NAME}\E( \(\d+\):)$/$ENV{TO}$1/mg; s/^(.*) <[^>]*>( \(\d+\):)$/$1$2/mg' \
				>"$mail_dir/$1/$(basename "$f")"
	done
}

# mailboxes: every posting's mails, into build/mail/NAME/
mailboxes() {
	rm -rf "$mail_dir"
	for p in $(postings); do
		[ -n "$(posting_patches "$p")" ] || die "patches/$p holds no patch: run make export"
		mails "$p"
	done
	echo "  MAIL    $(postings | wc -l) postings from ${SENDER:-$TEST_SENDER} -> ${mail_dir#$top/}/NAME/, each sent with:"
	for p in $(postings); do
		echo "          $(send_command "$p" "${mail_dir#$top/}")"
	done
}

if [ "${1:-}" = --mail ]; then
	mailboxes
	exit 0
fi

[ -e "$ksrc/.git" ] || die "no build/linux: run make tree"
dirty=$(git -C "$ksrc" status --porcelain --untracked-files=no)
if [ -n "$dirty" ]; then
	echo "export: build/linux has uncommitted changes; commit them (git -C build/linux commit) first:" >&2
	echo "$dirty" | head -20 >&2
	exit 1
fi

last=$(postings | tail -1)
git -C "$ksrc" rev-parse -q --verify "posting/$last" >/dev/null ||
	die "build/linux has no tag posting/$last: tag the end of each posting (git -C build/linux tag -f posting/NAME COMMIT)"
[ "$(git -C "$ksrc" rev-parse "posting/$last")" = "$(git -C "$ksrc" rev-parse HEAD)" ] ||
	die "HEAD of build/linux is not posting/$last: move the tag to the end of the series (git -C build/linux tag -f posting/$last)"

rm -rf "$tmp"
mkdir -p "$tmp"
from=base
for p in $(postings); do
	# format-patch takes the cover letter from a branch's description
	git -C "$ksrc" branch -f "export/$p" "posting/$p"
	GIT_COMMITTER_DATE=$(git -C "$ksrc" log -1 --format=%aI "posting/$p") git -C "$ksrc" \
		-c branch."export/$p".description="$(cat "$postings_dir/$p.txt")" \
		-c core.abbrev=12 -c diff.noprefix=false \
		format-patch -q --cover-letter --cover-from-description=subject \
		--subject-prefix="$(posting_var "$p" PREFIX)" --no-base \
		--zero-commit --no-signature --no-numbered-files \
		-o "$tmp/$p" "$from..export/$p" >/dev/null
	git -C "$ksrc" branch -q -D "export/$p"
	from=posting/$p
done

if [ "${1:-}" = --check ]; then
	if ! diff -r -q "$tmp" "$top/patches" >"$build/export/diff" 2>&1; then
		echo "patches/ is not what build/linux holds:" >&2
		cat "$build/export/diff" >&2
		echo "run make export to take build/linux's commits, or remove build/linux to test patches/" >&2
		rm -rf "$tmp"
		exit 1
	fi
	rm -rf "$tmp"
	exit 0
fi
rm -rf "$top/patches"
mv "$tmp" "$top/patches"
echo "  EXPORT  $(postings | wc -l) postings, $(ls "$top"/patches/*/[0-9]*.patch | wc -l) files -> patches/"
mailboxes
