#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# coccinelle.sh: the tree's semantic patches (scripts/coccinelle/**/*.cocci)
# in report mode on every .c and .h file the series touches, each file on
# its own as coccicheck does, compared with the base (compare_with_base).
#   COCCI=scripts/coccinelle/x/y.cocci: that semantic patch only.
# The touched files of each tree are copied to build/coccinelle/TREE/ and
# checked there with spatch --dir, with the kernel's include directories
# and the files' own directories as -I, so that spatch starts once per
# semantic patch, not once per file.
set -eu
. "$(dirname "$0")/common.sh"

command -v spatch >/dev/null || die "no spatch: run harness/deps.sh (Debian's coccinelle)"

# Semantic patches left out, one a line, each with its reason above it;
# none at present.  (kmalloc_objs.cocci has no report mode and is passed
# over, as coccicheck does; unsigned_lesser_than_zero.cocci, the one with
# --all-includes, takes 35 s of the whole gate's 4 min.)
skip="
"

files=$(touched '*.c' '*.h')
[ -n "$files" ] || { echo "  COCCI   no C file touched"; exit 0; }
dirs=
for f in $files; do
	case " $dirs " in *" ${f%/*} "*) ;; *) dirs="$dirs ${f%/*}" ;; esac
done

# includes TREE: the -I options for spatch: the kernel's include
# directories of x86 and the directories of the touched files, in TREE
includes() {
	for d in include include/uapi arch/x86/include arch/x86/include/uapi $dirs; do
		[ ! -d "$1/$d" ] || printf ' -I %s' "$1/$d"
	done
	for h in include/linux/compiler-version.h include/linux/kconfig.h; do
		[ ! -f "$1/$h" ] || printf ' --include %s' "$1/$h"
	done
}

# cocci TREE SEMANTIC_PATCH: spatch's report on the touched files of TREE,
# copied once to build/coccinelle/$side/files; its output is kept beside
cocci() {
	copy=$gate_dir/$side/files
	if [ ! -d "$copy" ]; then
		for f in $files; do
			[ ! -f "$1/$f" ] || { mkdir -p "$copy/${f%/*}"; cp "$1/$f" "$copy/$f"; }
		done
		mkdir -p "$copy"
	fi
	out=$gate_dir/$side/$(basename "$2" .cocci)
	# shellcheck disable=SC2046
	if ! (cd "$copy" && spatch -D report --no-show-diff --very-quiet \
		--cocci-file "$ksrc/$2" $(sed -n 's/^\/\/ *Options://p' "$ksrc/$2") $(includes "$1") \
		--jobs "${COCCI_JOBS:-$(nproc)}" --chunksize 1 --dir .) >"$out.out" 2>"$out.err"; then
		cat "$out.err" >&2
		echo "coccinelle: spatch failed on $2 ($side, above); if it cannot run here, add it to the skip list of harness/coccinelle.sh with the reason" >&2
		: >"$gate_dir/$side/failed"
	fi
	grep -E '^[^ :]+\.[ch]:[0-9]+:' "$out.out" || :
}

# the semantic patches with a report mode that this spatch can run
version=$(spatch --version | awk 'NR == 1 { print $3 }')
run=
for c in ${COCCI:-$(cd "$ksrc" && find scripts/coccinelle -name '*.cocci' | sort)}; do
	! printf '%s\n' "$skip" | grep -qxF "$c" || continue
	grep -q "virtual[[:space:]]\+report" "$ksrc/$c" || continue
	req=$(sed -n 's/^\/\/ *Requires: *//p' "$ksrc/$c")
	if [ -n "$req" ] && ! printf '%s\n%s\n' "$req" "$version" | sort -CV; then
		echo "coccinelle: $c needs spatch $req, this is $version: skipped" >&2
		continue
	fi
	run="$run $c"
done

rc=0
gate_units="semantic patches on $(echo "$files" | wc -l) files" compare_with_base coccinelle cocci $run || rc=1
[ ! -e "$gate_dir/series/failed" ] && [ ! -e "$gate_dir/base/failed" ] || rc=1
exit $rc
