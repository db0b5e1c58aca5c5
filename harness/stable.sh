#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# stable.sh: the patches of the first posting that say Cc: stable, against
# the stable trees Debian ships (linux-source of sid and of trixie):
# git apply --check of each on each tree whose version its "# vX.Y+"
# range takes in, then patch with fuzz.  Prints a table, with the notes of
# postings/NAME.backports; fails when a patch does not apply to a tree its
# range takes in and no note says what its backport needs.
set -eu
. "$(dirname "$0")/common.sh"

trees="sid:linux-source-7.2 trixie:linux-source-6.12"
fixes=$(postings | head -1)
notes=$top/postings/$fixes.backports
out=$build/stable
mkdir -p "$out"

# version A B: true if kernel version A is at least B (both X.Y)
version_ge() {
	[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -1)" = "$2" ]
}

rc=0
for tree in $trees; do
	suite=${tree%%:*}
	pkg=${tree#*:}
	deb=$(deb_download "$suite" "$pkg")
	kver=${pkg#linux-source-}
	src=$out/$(basename "$deb" .deb)
	if [ ! -d "$src" ]; then
		echo "  UNPACK  $(basename "$deb"): drivers/gpu/drm/amd and the kfd uapi"
		mkdir -p "$src.tmp"
		dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$pkg.tar.xz" |
			tar -xJ -C "$src.tmp" --strip-components=1 --wildcards \
				"$pkg/drivers/gpu/drm/amd/*" "$pkg/include/uapi/linux/kfd_*"
		# a git tree of its own: git apply in a directory of another one
		# (this repository) would skip every path outside it
		git -C "$src.tmp" init -q
		mv "$src.tmp" "$src"
	fi
	for f in $(posting_patches "$fixes"); do
		cc=$(sed -n 's/^Cc: stable@vger.kernel.org *//p' "$f")
		[ -n "$(grep '^Cc: stable@vger.kernel.org' "$f")" ] || continue
		from=$(echo "$cc" | sed -n 's/^# *v\([0-9.]*\)+.*/\1/p')
		name=$(basename "$f" .patch)
		if [ -n "$from" ] && ! version_ge "$kver" "$from"; then
			echo "  STABLE  $kver: not for it (from $from)  $name"
		elif git -C "$src" apply --check -p1 "$f" >"$out/$name.$kver.log" 2>&1; then
			echo "  STABLE  $kver: applies            $name"
		elif ! grep -q "^$name $kver " "$notes" 2>/dev/null &&
			patch -p1 -F3 --dry-run -s -d "$src" <"$f" >>"$out/$name.$kver.log" 2>&1; then
			echo "  STABLE  $kver: applies with fuzz  $name"
		elif grep -q "^$name $kver " "$notes" 2>/dev/null; then
			echo "  STABLE  $kver: needs a backport   $name"
		else
			echo "  STABLE  $kver: DOES NOT APPLY     $name (log: build/stable/$name.$kver.log)"
			rc=1
		fi
		note=$(sed -n "s/^$name $kver //p" "$notes" 2>/dev/null)
		[ -z "$note" ] || echo "                 backport: $note"
	done
done
[ $rc = 0 ] || echo "stable: a patch does not apply to a stable tree its Cc: stable range takes in: narrow the range (Cc: stable@vger.kernel.org # vX.Y+), or say in ${notes#$top/} what its backport needs" >&2
exit $rc
