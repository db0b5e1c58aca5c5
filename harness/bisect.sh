#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# bisect.sh [TARGET...]: build drivers/gpu/drm/amd/ with W=1 at every patch
# of the series, in order, for each target (default: every one).  Fails on
# a build error, and on a W=1 warning in a file the patch touches that the
# base does not have.  Not part of make check: see README.md for its time.
# FROM=N starts at patch N, for patches added to a series already checked;
# UPTO=NAME stops at the end of posting NAME (or its number).
#
# The patches are checked out one after the other in build/bisect-tree, a
# worktree of build/linux, and built into build/bisect-TARGET, configured
# from the target's own build/TARGET/.config.  The base is built first,
# once per configuration, for its warnings (build/bisect-TARGET/base.found).
set -eu
. "$(dirname "$0")/common.sh"

[ -e "$ksrc/.git" ] || die "no kernel tree in build/linux: run make first"
targets=${*:-$(all_targets)}
for t in $targets; do
	(load_target "$t")
	[ -f "$build/$t/.config" ] || die "no build/$t/.config to start from: run make build TARGET=$t first"
done

# the series as it is now, up to UPTO: build/linux may move on meanwhile
head=$(git -C "$ksrc" rev-parse HEAD)
if [ -n "${UPTO:-}" ]; then
	upto=$(postings_upto "$UPTO")
	head=$(git -C "$ksrc" rev-parse "posting/$(echo "$upto" | tail -1)")
fi
commits=$(git -C "$ksrc" rev-list --reverse "base..$head")
[ -n "$commits" ] || die "build/linux has no patch on top of base"
total=$(echo "$commits" | wc -l)
from=${FROM:-1}
case $from in
''|*[!0-9]*) die "FROM=$from: give the number of the first patch to build, 1 to $total" ;;
esac
[ "$from" -ge 1 ] && [ "$from" -le "$total" ] ||
	die "FROM=$from: the series has patches 1 to $total"

wt=$build/bisect-tree
ksrc_worktree "$wt" base
[ -z "$(git -C "$wt" status --porcelain --untracked-files=no)" ] ||
	die "build/bisect-tree has local changes, but it is the harness's own: git -C build/linux worktree remove --force build/bisect-tree, then rerun"

# The kbuild directories of drivers/gpu/drm/amd/ (drivers/gpu/drm/Makefile
# descends into these; amdgpu's also builds amdkfd, pm and display)
amd="drivers/gpu/drm/amd/amdgpu/ drivers/gpu/drm/amd/amdxcp/"

# build_amd OUT LOG: configure OUT from the target's .config, then build the
# amd drivers there with W=1
build_amd() {
	cp "$build/$target/.config" "$1/.config"
	kmake "$wt" "$1" olddefconfig >"$2" 2>&1 &&
		kmake "$wt" "$1" W=1 -j"$(nproc)" $amd >>"$2" 2>&1
}

# warnings LOG: the compiler's warnings in LOG, compared as every gate
# compares its findings (positions)
warnings() {
	grep -E '^[^ ]+:[0-9]+:[0-9]+: warning: ' "$1" | positions "$wt" || :
}

rc=0
for t in $targets; do
	load_target "$t"
	out=$build/bisect-$t
	# another configuration of the target starts afresh
	if ! cmp -s "$build/$t/.config" "$out/target.config"; then
		rm -rf "$out"
		mkdir -p "$out"
		cp "$build/$t/.config" "$out/target.config"
	fi
	if [ ! -f "$out/base.found" ]; then
		git -C "$wt" checkout -q --detach base
		t0=$(date +%s)
		build_amd "$out" "$out/base.log" ||
			{ tail -20 "$out/base.log" >&2; die "the base does not build for $t (log: build/bisect-$t/base.log)"; }
		warnings "$out/base.log" >"$out/base.found"
		echo "  BISECT  base $t: built in $(($(date +%s) - t0)) s, $(wc -l <"$out/base.found") W=1 warnings in amd"
	fi
	n=0
	for c in $commits; do
		n=$((n + 1))
		[ "$n" -ge "$from" ] || continue
		subject=$(git -C "$ksrc" log -1 --format=%s "$c")
		git -C "$wt" checkout -q --detach "$c"
		t0=$(date +%s)
		if ! build_amd "$out" "$out/$n.log"; then
			echo "  BISECT  $n/$total $t: BUILD FAILED ($(($(date +%s) - t0)) s) $subject"
			grep -E "error:|Error [0-9]" "$out/$n.log" | head -10 >&2
			echo "bisect: patch $n \"$subject\" does not build for $t (log: build/bisect-$t/$n.log)" >&2
			rc=1
			continue
		fi
		# this build's warnings in the files this patch touches
		git -C "$ksrc" diff --name-only "$c~1" "$c" >"$out/$n.touched"
		warnings "$out/$n.log" |
			awk 'NR == FNR { touched[$0 ":N"]; next } $1 in touched' "$out/$n.touched" FS=': ' - >"$out/$n.warnings"
		if ! new_findings bisect "patch $n \"$subject\" for $t (log: build/bisect-$t/$n.log)" \
			"$out/$n.warnings" "$out/base.found"; then
			echo "  BISECT  $n/$total $t: NEW W=1 WARNINGS ($(($(date +%s) - t0)) s) $subject"
			rc=1
		else
			echo "  BISECT  $n/$total $t: ok ($(($(date +%s) - t0)) s) $subject"
		fi
	done
done
exit $rc
