#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# commands.sh: every kunit.py command that a cover letter (postings/*.txt),
# a commit message or the series' documentation (Documentation/gpu/) gives,
# run as written: a cover letter's or a message's in the tree of the series
# up to its posting (build/stack/NAME/linux), the documentation's in
# build/linux; a command given twice for one tree runs once.  A command
# is a line that starts, after indentation, with
# ./tools/testing/kunit/kunit.py, joined with the lines it continues onto
# with a backslash.  kunit.py builds its own kernel, in .kunit/ of the
# tree, without the harness's compiler cache: a cold kernel build each, so
# this is not part of make check (see README.md for its results).
set -eu
. "$(dirname "$0")/common.sh"

out=$build/commands
mkdir -p "$out"

# commands FILE: the commands of FILE, one a line
commands() {
	awk '/^[ \t]*\.\/tools\/testing\/kunit\/kunit\.py / || cont {
			line = line (cont ? " " : "") $0
			cont = sub(/[ \t]*\\$/, "", line)
			if (!cont) { sub(/^[ \t]+/, "", line); gsub(/[ \t]+/, " ", line); print line; line = "" }
		}' "$1"
}

# run TREE WHERE COMMAND: run COMMAND in TREE, log and verdict
n=0 rc=0
: >"$out/seen"
run() {
	if grep -qxF "$1 $3" "$out/seen"; then
		echo "  CMD     (run above), $2: $3"
		return 0
	fi
	echo "$1 $3" >>"$out/seen"
	n=$((n + 1))
	t0=$(date +%s)
	if (cd "$1" && sh -c "$3") >"$out/$n.log" 2>&1; then
		echo "  CMD     ok ($(($(date +%s) - t0)) s), $2: $3"
	else
		echo "  CMD     FAILED ($(($(date +%s) - t0)) s, log: build/commands/$n.log), $2: $3"
		tail -15 "$out/$n.log" >&2
		rc=1
	fi
	grep -E "^\[[0-9:]+\] Testing complete|^\[[0-9:]+\] (Elapsed|Ran)" "$out/$n.log" | tail -2 | sed 's/^/          /' || :
}

prev=base
for p in $(postings); do
	commands "$postings_dir/$p.txt" >"$out/letter"
	git -C "$ksrc" log --format='%B' "$prev..posting/$p" >"$out/messages"
	commands "$out/messages" >"$out/list"
	prev=posting/$p
	[ -s "$out/letter" ] || [ -s "$out/list" ] || continue
	tree=$(stack_tree "$p")
	while IFS= read -r c; do
		run "$tree" "the cover letter of $p" "$c"
	done <"$out/letter"
	while IFS= read -r c; do
		run "$tree" "a commit message of $p" "$c"
	done <"$out/list"
done
for f in $(git -C "$ksrc" diff --name-only --diff-filter=AM base..HEAD -- Documentation/gpu); do
	commands "$ksrc/$f" >"$out/list"
	while IFS= read -r c; do
		run "$ksrc" "$f" "$c"
	done <"$out/list"
done
[ $n -gt 0 ] || echo "  CMD     no kunit.py command in the cover letters or the documentation"
exit $rc
