#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# coccinelle.sh: the tree's semantic patches (scripts/coccinelle/**/*.cocci)
# in report mode on every .c and .h file the series touches, each file on
# its own as coccicheck does; fails on a finding that the same file does
# not have in the base (the base already has some).
#   COCCI=scripts/coccinelle/x/y.cocci: that semantic patch only.
#   GATE_KSRC=dir: check that git tree instead of build/linux (selftest.sh)
# The touched files are copied, base and series alike, to
# build/coccinelle/{base,series} and checked there with spatch --dir, with
# the kernel's include directories and the files' own directories as -I,
# so that spatch starts once per semantic patch, not once per file.
set -eu
. "$(dirname "$0")/common.sh"
ksrc=${GATE_KSRC:-$ksrc}

command -v spatch >/dev/null || die "no spatch: run harness/deps.sh (Debian's coccinelle)"

# Semantic patches left out, one a line, each with its reason above it;
# none at present.  (kmalloc_objs.cocci has no report mode and is passed
# over, as coccicheck does; unsigned_lesser_than_zero.cocci, the one with
# --all-includes, takes 35 s of the whole gate's 4 min.)
skip="
"

# the base's headers, for -I: build/base-tree, a worktree of the base
if [ -n "${GATE_KSRC:-}" ]; then
	base_src=$ksrc
	tmp=$GATE_KSRC.coccinelle
else
	base_src=$(base_tree)
	tmp=$build/coccinelle
fi
rm -rf "$tmp"
mkdir -p "$tmp/base" "$tmp/series"

files=$(touched '*.c' '*.h')
[ -n "$files" ] || { echo "  COCCI   no C file touched"; exit 0; }
dirs=
for f in $files; do
	mkdir -p "$tmp/series/${f%/*}" "$tmp/base/${f%/*}"
	cp "$ksrc/$f" "$tmp/series/$f"
	base_copy "$f" "$tmp/base" || :
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

# findings: spatch's report lines, with the path as in the tree and
# without line and column numbers (also those in the message), so that
# moved code is not new
findings() {
	sed -n 's/^\.\///; s/^\([^ :]*\.[ch]\):[0-9]*:[0-9-]*: /\1: /p' |
		awk '{ i = index($0, ": "); m = substr($0, i + 2); gsub(/[0-9]+/, "N", m)
			print substr($0, 1, i + 1) m }' | sort
}

version=$(spatch --version | awk 'NR == 1 { print $3 }')
cocci=${COCCI:-$(cd "$ksrc" && find scripts/coccinelle -name '*.cocci' | sort)}
jobs=${COCCI_JOBS:-$(nproc)}
rc=0
ran=0
seen=0
inbase=0
: >"$tmp/times"
for c in $cocci; do
	if printf '%s\n' "$skip" | grep -qxF "$c"; then
		continue
	fi
	grep -q "virtual[[:space:]]\+report" "$ksrc/$c" || continue
	req=$(sed -n 's/^\/\/ *Requires: *//p' "$ksrc/$c")
	if [ -n "$req" ] && ! printf '%s\n%s\n' "$req" "$version" | sort -CV; then
		echo "coccinelle: $c needs spatch $req, this is $version: skipped" >&2
		continue
	fi
	opts=$(sed -n 's/^\/\/ *Options://p' "$ksrc/$c")
	t0=$(date +%s)
	for side in base series; do
		[ $side = base ] && tree=$base_src || tree=$ksrc
		# shellcheck disable=SC2046,SC2086
		if ! (cd "$tmp/$side" && spatch -D report --no-show-diff --very-quiet \
			--cocci-file "$ksrc/$c" $opts $(includes "$tree") \
			--jobs "$jobs" --chunksize 1 --dir .) >"$tmp/$side.out" 2>"$tmp/$side.err"; then
			cat "$tmp/$side.err" >&2
			echo "coccinelle: spatch failed on $c ($side, above); if it cannot run here, add it to the skip list of harness/coccinelle.sh with the reason" >&2
			rc=1
		fi
		findings <"$tmp/$side.out" >"$tmp/$side.found"
	done
	echo "$(($(date +%s) - t0)) $c" >>"$tmp/times"
	ran=$((ran + 1))
	seen=$((seen + $(wc -l <"$tmp/series.found")))
	inbase=$((inbase + $(wc -l <"$tmp/base.found")))
	name=$(basename "$c" .cocci)
	if ! new_findings coccinelle "the report of $c (with line numbers in ${tmp#"$top"/}/$name.out)" \
		"$tmp/series.found" "$tmp/base.found"; then
		cp "$tmp/series.out" "$tmp/$name.out"
		rc=1
	fi
done
gate_line "COCCI  " $rc "$ran semantic patches on $(echo "$files" | wc -l) files, $seen findings (base: $inbase)"
