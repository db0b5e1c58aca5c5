#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# tree.sh: build/linux, the base as a git tree with the postings of
# patches/ applied, and build/base-tree, the base checked out for the
# gates.  The first time, it downloads Debian's $BASE_PACKAGE through a
# private apt configuration under build/apt (the system's sources are only
# read, for their mirror), checks it is the version and sha256 the series
# was made on, and unpacks it into build/linux as a git tree with one
# commit, tagged "base"; then apply.sh applies the postings on branch
# "series".  Each part is done once: a tree that is there is kept.
set -eu
. "$(dirname "$0")/common.sh"

# unpack_base: build/linux, the base package as a git tree
unpack_base() {
	mkdir -p "$build"
	deb=$build/dl/${BASE_PACKAGE}_${BASE_VERSION}_all.deb
	if [ ! -f "$deb" ]; then
		deb=$(deb_download "$BASE_SUITE" "$BASE_PACKAGE=$BASE_VERSION" 2>"$build/tree.err") || {
			cat "$build/tree.err" >&2
			echo "tree: $BASE_PACKAGE $BASE_VERSION may not be in $BASE_SUITE any more." >&2
			echo "The series was made on $BASE_VERSION (sha256 $BASE_SHA256)." >&2
			echo "To move to a new base: set BASE_VERSION and BASE_SHA256 in series.conf," >&2
			echo "then rebase and re-test the series (make distclean && make check)." >&2
			exit 1
		}
	fi

	sum=$(sha256sum "$deb" | cut -d' ' -f1)
	if [ "$sum" != "$BASE_SHA256" ]; then
		rm -f "$deb"
		die "$deb has sha256 $sum, expected $BASE_SHA256: the archive changed the package under the same version; rerun, and if it persists, check the mirror"
	fi

	echo "  UNPACK  $BASE_PACKAGE $BASE_VERSION -> build/linux"
	rm -rf "$ksrc.tmp"
	mkdir -p "$ksrc.tmp"
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xO "./usr/src/$BASE_PACKAGE.tar.xz" |
		tar -xJ -C "$ksrc.tmp" --strip-components=1

	# Debian's .gitignore ignores every new file of the tree (its packaging
	# block "/*"): drop that block, or git would not see the series' new files.
	sed -i '/^# Debian packaging: ignore everything/,/^!\/debian\/$/d' "$ksrc.tmp/.gitignore"

	cd "$ksrc.tmp"
	git init -q -b base-tree
	git config user.name "$SERIES_NAME"
	git config user.email "$SERIES_EMAIL"
	git add -A -f
	GIT_AUTHOR_DATE=$BASE_DATE GIT_COMMITTER_DATE=$BASE_DATE \
		git commit -q -m "Debian $BASE_PACKAGE $BASE_VERSION" \
		-m "Unpacked from ${BASE_PACKAGE}_${BASE_VERSION}_all.deb, sha256 $BASE_SHA256." \
		-m "Debian's packaging block of .gitignore (\"/*\", which hides every new file) is dropped."
	git tag base
	cd "$top"
	mv "$ksrc.tmp" "$ksrc"
}

[ -e "$ksrc/.git" ] || unpack_base
"$top/harness/apply.sh"
base_tree >/dev/null
