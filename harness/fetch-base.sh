#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Download Debian's $BASE_PACKAGE through a private apt configuration
# under build/apt (the system's sources are only read, for their mirror),
# check it is the version and sha256 the series was made on, and unpack
# it into build/linux as a git tree with one commit, tagged "base".
set -eu
. "$(dirname "$0")/common.sh"

if [ -d "$ksrc/.git" ]; then
	exit 0
fi

apt=$build/apt
deb=$build/dl/${BASE_PACKAGE}_${BASE_VERSION}_all.deb
mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$build/dl"

# The system's Debian mirror: the first URI of its sources that is not
# the security archive.
mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
	awk '$1 == "deb" && $2 !~ /security/ { print $2; exit }')
if [ -z "$mirror" ]; then
	mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
		awk '$1 == "URIs:" && $2 !~ /security/ { print $2; exit }')
fi
[ -n "$mirror" ] || die "no Debian mirror found in /etc/apt/sources.list{,.d}; add one, then rerun"

echo "deb $mirror $BASE_SUITE main" > "$apt/sources.list"
aptopts="-q -o Dir::Etc::SourceList=$apt/sources.list -o Dir::Etc::SourceParts=/nonexistent
	-o Dir::State::Lists=$apt/lists -o Dir::Cache=$apt/cache -o APT::Sandbox::User=root"

if [ ! -f "$deb" ]; then
	# shellcheck disable=SC2086
	apt-get $aptopts update >"$apt/update.log" 2>&1 ||
		die "cannot read $mirror $BASE_SUITE (log: $apt/update.log); check the network, then rerun"
	# shellcheck disable=SC2086
	have=$(apt-cache $aptopts madison "$BASE_PACKAGE" 2>/dev/null | awk '{ print $3 }' | tr '\n' ' ')
	case " $have " in
	*" $BASE_VERSION "*) ;;
	*)
		echo "fetch-base: $BASE_PACKAGE $BASE_VERSION is not in $BASE_SUITE any more (it has: ${have:-nothing})." >&2
		echo "The series was made on $BASE_VERSION (sha256 $BASE_SHA256)." >&2
		echo "To move to the new base: set BASE_VERSION and BASE_SHA256 in series.conf," >&2
		echo "then rebase and re-test the series (make distclean && make check)." >&2
		exit 1 ;;
	esac
	# shellcheck disable=SC2086
	(cd "$build/dl" && apt-get $aptopts download "$BASE_PACKAGE=$BASE_VERSION" >"$apt/download.log" 2>&1) ||
		die "apt-get download $BASE_PACKAGE=$BASE_VERSION failed (log: $apt/download.log)"
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
