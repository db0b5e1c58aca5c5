#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# stable.sh: the stable trees Debian ships (linux-source of sid and of
# trixie), with the fixes and their tests, built and booted as a user of
# such a tree would take them.  For each tree:
# - the patches of the postings with STABLE=yes that say Cc: stable, and
#   whose "# vX.Y+" range takes the tree in, each with git am -3: as it is,
#   or the tree's backport, postings/NAME.backports/X.Y/PATCH.patch, where
#   there is one (its message says what differs);
# - then each patch of the postings after them up to the first with tests
#   (2-kunit) that applies, its backport where postings/NAME.backports/X.Y/
#   has one, but those that directory's untestable lists (a test that
#   cannot reach its fix on that tree);
# - the ppc64le-64k kernel with the tree's .kunitconfigs, built in
#   build/stable/X.Y/ppc64le-64k and booted, its KUnit results judged.
# Prints a table and fails when a fix neither applies nor has a backport,
# or a KUnit case fails.  Not part of make check: it builds a kernel per
# tree (see README.md for the times).
set -eu
. "$(dirname "$0")/common.sh"

# STABLE_TREES=SUITE:PACKAGE...: other trees, or one of these alone
trees=${STABLE_TREES:-"sid:linux-source-7.2 trixie:linux-source-6.12"}
target=ppc64le-64k
out=$build/stable
mkdir -p "$out"

# version_ge A B: true if kernel version A is at least B (both X.Y)
version_ge() {
	[ "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -1)" = "$2" ]
}

# unpack PACKAGE SUITE: build/stable/X.Y/linux, the package's tree as a
# git tree with one commit, tagged "stable"
unpack() {
	deb=$(deb_download "$2" "$1")
	src=$out/$3/linux
	[ ! -e "$src/.git" ] || return 0
	echo "  UNPACK  $(basename "$deb") -> ${src#$top/}"
	rm -rf "$src.tmp"
	mkdir -p "$src.tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/$1.tar.xz" |
		tar -xJ -C "$src.tmp" --strip-components=1
	sed -i '/^# Debian packaging: ignore everything/,/^!\/debian\/$/d' "$src.tmp/.gitignore"
	git -C "$src.tmp" init -q -b stable-tree
	git -C "$src.tmp" add -A -f
	GIT_AUTHOR_DATE=$BASE_DATE GIT_COMMITTER_DATE=$BASE_DATE \
		git -C "$src.tmp" commit -q -m "Debian $(basename "$deb" .deb)"
	git -C "$src.tmp" tag stable
	mv "$src.tmp" "$src"
}

# am TREE PATCH: git am -3 PATCH onto TREE; on failure TREE is as it was
am() {
	git -C "$1" am -q -3 "$2" >"$out/am.log" 2>&1 && return 0
	git -C "$1" am --abort
	return 1
}

rc=0
fixes_postings=$(for p in $(postings); do [ "$(posting_var "$p" STABLE)" = no ] || echo "$p"; done)
tests_posting=$(for p in $(postings); do [ -z "$(posting_var "$p" SUITES)" ] || echo "$p"; done | head -1)
for tree in $trees; do
	suite=${tree%%:*}
	pkg=${tree#*:}
	ver=${pkg#linux-source-}
	unpack "$pkg" "$suite" "$ver"
	src=$out/$ver/linux
	git -C "$src" am --abort >/dev/null 2>&1 || :
	git -C "$src" checkout -q -f -B stable-fixes stable
	: >"$out/$ver/table"
	for p in $fixes_postings; do
		for f in $(posting_patches "$p"); do
			grep -q '^Cc: stable@vger.kernel.org' "$f" || continue
			name=$(basename "$f" .patch)
			from=$(sed -n 's/^Cc: stable@vger.kernel.org *# *v\([0-9.]*\)+.*/\1/p' "$f")
			backport=$postings_dir/$p.backports/$ver/$name.patch
			if [ -n "$from" ] && ! version_ge "$ver" "$from"; then
				what="not for it (from $from)"
			elif [ -f "$backport" ]; then
				if am "$src" "$backport"; then what="backport"; else
					what="BACKPORT DOES NOT APPLY"; rc=1; fi
			elif am "$src" "$f"; then
				what="applies"
			else
				what="DOES NOT APPLY (no backport)"
				rc=1
			fi
			printf '  STABLE  %s: %-28s %s/%s\n' "$ver" "$what" "$p" "$name" | tee -a "$out/$ver/table"
		done
	done
	git -C "$src" tag -f stable-tests >/dev/null
	tests=0 skipped= backports=
	for f in $(posting_patches "$tests_posting"); do
		# a test whose seams or fakes differ on this tree: its backport
		backport=$postings_dir/$tests_posting.backports/$ver/$(basename "$f")
		if [ -f "$backport" ]; then
			f=$backport
			backports="$backports $(basename "$f" .patch | cut -c1-4)"
		fi
		if am "$src" "$f"; then tests=$((tests + 1)); else
			skipped="$skipped $(basename "$f" .patch | cut -c1-4)"; fi
	done
	echo "  STABLE  $ver: $tests patches of $tests_posting apply (backports:${backports:- none}); not:${skipped:- none}" | tee -a "$out/$ver/table"
	# a test that applies and builds but cannot reach its fix on this tree
	# is listed, with why, in postings/NAME.backports/X.Y/untestable
	untestable=$postings_dir/$tests_posting.backports/$ver/untestable
	[ ! -f "$untestable" ] || while read -r name why; do
		c=$(git -C "$src" log --format=%H -1 --grep="^$(sed -n 's/^Subject: \[[^]]*\] //p' "$top/patches/$tests_posting/$name.patch")" stable-tests..HEAD)
		[ -n "$c" ] && git -C "$src" revert --no-edit "$c" >/dev/null 2>&1 ||
			die "$untestable: $name is not among the tests applied to $ver"
		echo "  STABLE  $ver: taken out, $why: $name" | tee -a "$out/$ver/table"
	done <"$untestable"

	# the kernel, configured as build.sh configures a target's
	load_target "$target"
	kout=$out/$ver/$target
	# an older kunit.py may not know the target's QEMU: the base's tells it
	qc=tools/testing/kunit/qemu_configs/$KUNIT_ARCH.py
	[ -f "$src/$qc" ] || cp "$ksrc/$qc" "$src/$qc"
	kunit_config "$src" "$kout"
	t0=$(date +%s)
	# a test that applies but does not build on this tree (an API that
	# changed) is taken out again: the commit that wrote the line of the
	# first error, when it is a test's
	while ! kmake "$src" "$kout" -j"$(nproc)" >"$kout/build.log" 2>&1; do
		file=$(sed -n 's|^[^ ]*/\(drivers/gpu/drm/amd/[^ :]*/tests/[^ :]*\):[0-9]*:[0-9]*: \(fatal \)\{0,1\}error:.*|\1|p' "$kout/build.log" | head -1)
		line=$(sed -n 's|^[^ ]*/drivers/gpu/drm/amd/[^ :]*/tests/[^ :]*:\([0-9]*\):[0-9]*: \(fatal \)\{0,1\}error:.*|\1|p' "$kout/build.log" | head -1)
		file=$(echo "$file" | sed 's|[^/]*/\.\./||')
		c=
		[ -z "$file" ] || c=$(git -C "$src" blame -s -l -L "$line,$line" HEAD -- "$file" | cut -c1-40)
		if [ -z "$c" ] || ! git -C "$src" merge-base --is-ancestor stable-tests "$c" ||
			! git -C "$src" revert --no-edit "$c" >/dev/null 2>&1; then
			tail -30 "$kout/build.log" >&2
			die "$ver does not build for $target with the fixes (log: ${kout#$top/}/build.log)"
		fi
		echo "  STABLE  $ver: does not build, taken out: $(git -C "$src" log -1 --format=%s "$c")" | tee -a "$out/$ver/table"
	done
	echo "  STABLE  $ver: built for $target in $(($(date +%s) - t0)) s"
	boot "$kout/$IMAGE" "$kout/kunit.log"
	ktap "$kout/kunit.log" >"$kout/kunit.ktap"
	ran=$(grep -E "^ok [0-9]+ |^not ok [0-9]+ " "$kout/kunit.ktap" | awk '{ print $NF }' | paste -sd' ')
	passed=$(grep -cE "^    ok [0-9]+ " "$kout/kunit.ktap" || :)
	failed=$(grep -cE "^    not ok [0-9]+ " "$kout/kunit.ktap" || :)
	echo "  STABLE  $ver: KUnit $passed passed, $failed failed; suites: ${ran:-none}" | tee -a "$out/$ver/table"
	if [ "$failed" != 0 ] || ! grep -q "reboot: Power down" "$kout/kunit.ktap" ||
		grep -qE "WARNING:|BUG:|Oops|Kernel panic|Call Trace:" "$kout/kunit.ktap"; then
		echo "stable: $ver: a KUnit case failed, the kernel warned, or it did not power off (log: ${kout#$top/}/kunit.ktap)" >&2
		rc=1
	fi
done
[ $rc = 0 ] || echo "stable: see above; a fix that does not apply to a tree its Cc: stable range takes in needs a backport in postings/NAME.backports/X.Y/, or a narrower range" >&2
exit $rc
