#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# export.sh [--check]: regenerate patches/ from build/linux, one directory
# per posting (from the tag of the posting before it, or base, to
# posting/NAME), each with its cover letter from postings/NAME.txt, and
# each posting as one mbox for git send-email, patches/NAME.mbox.  The
# output depends only on the commits: no commit ids (--zero-commit), no
# clock, no git version.
#   --check: do not write; fail if patches/ differs from what would be written.
# SENDER="Name <address>": write the mboxes only, into build/mail/, from
# SENDER and signed off by SENDER instead of the series' identity.
set -eu
. "$(dirname "$0")/common.sh"

[ -e "$ksrc/.git" ] || die "no build/linux: nothing to export"
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

tmp=$build/export/tmp
rm -rf "$tmp"
mkdir -p "$tmp"
series="$SERIES_NAME <$SERIES_EMAIL>"

# mbox NAME: patches/NAME's mails as one mbox, To the lists and Cc the
# people get_maintainer.pl of the base names for the posting, and Cc
# stable@ on the patches that say Cc: stable
mbox() {
	patches=$(ls "$tmp/$1"/[0-9]*.patch | grep -v /0000-)
	gm="./scripts/get_maintainer.pl --no-git --no-git-fallback --no-fixes --no-rolestats --no-tree"
	# shellcheck disable=SC2086
	to=$(cd "$(base_tree)" && $gm --no-m --no-r $patches | LC_ALL=C sort -u | paste -sd, | sed 's/,/, /g')
	# shellcheck disable=SC2086
	cc=$(cd "$(base_tree)" && $gm --no-l $patches | LC_ALL=C sort -u | paste -sd, | sed 's/,/, /g')
	for f in "$tmp/$1/0000-cover-letter.patch" $patches; do
		stable=
		! grep -q '^Cc: stable@vger.kernel.org' "$f" || stable=", stable@vger.kernel.org"
		awk -v to="$to" -v cc="$cc$stable" '
			!done && /^Subject: / { subj = 1 }
			!done && subj && /^$/ { print "To: " to; print "Cc: " cc; done = 1 }
			{ print }' "$f"
	done | NAME=$SERIES_NAME EMAIL=$SERIES_EMAIL TO=${SENDER:-$series} perl -0pe \
		's/^(From|Signed-off-by): \Q$ENV{NAME}\E\s+<\Q$ENV{EMAIL}\E>/$1: $ENV{TO}/mg;
		 s/^\Q$ENV{NAME}\E( \(\d+\):)$/$ENV{TO}$1/mg; s/^(.*) <[^>]*>( \(\d+\):)$/$1$2/mg' 
}

from=base
for p in $(postings); do
	[ -z "${SENDER:-}" ] || continue
	# format-patch takes the cover letter from a branch's description
	git -C "$ksrc" branch -f "export/$p" "posting/$p"
	GIT_COMMITTER_DATE=$(git -C "$ksrc" log -1 --format=%aI "posting/$p") git -C "$ksrc" \
		-c branch."export/$p".description="$(cat "$top/postings/$p.txt")" \
		-c core.abbrev=12 -c diff.noprefix=false \
		format-patch -q --cover-letter --cover-from-description=subject \
		--subject-prefix="$(posting_prefix "$p")" --base=base \
		--zero-commit --no-signature --no-numbered-files \
		-o "$tmp/$p" "$from..export/$p" >/dev/null
	git -C "$ksrc" branch -q -D "export/$p"
	from=posting/$p
	mbox "$p" >"$tmp/$p.mbox"
done

if [ -n "${SENDER:-}" ]; then
	case $SENDER in
	*" <"*@*">") ;;
	*) die "SENDER=\"$SENDER\": give it as \"Name <address>\"" ;;
	esac
	# the mails of patches/, re-addressed from the sender
	mkdir -p "$build/mail"
	for p in $(postings); do
		cp -r "$top/patches/$p" "$tmp/$p"
		mbox "$p" >"$build/mail/$p.mbox"
	done
	rm -rf "$tmp"
	echo "  MAIL    $(postings | wc -l) mboxes from $SENDER -> build/mail/ (git send-email build/mail/NAME.mbox)"
	exit 0
fi

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
