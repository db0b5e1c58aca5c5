#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check.sh [--plan]: everything that proves the series, and nothing else:
# patches/ is what build/linux holds; the kernel of every target, built
# and booted with KUnit; the series up to each posting that names a STACK
# target, built and booted there; then every gate of harness/data/gates.
# Runs every step even after a failure, then prints one line "N passed,
# N failed, N skipped" (every KUnit case of every kernel, plus one failure
# for each failed step) and exits non-zero on any failure.
#   --plan: print the steps, one a line, and run none.
set -eu
. "$(dirname "$0")/common.sh"
h=$top/harness

# plan: the steps in order, "NAME<tab>RESULT<tab>COMMAND": RESULT is the
# file where a KUnit run writes its counts, or "-"; a KUnit run follows
# its kernel's build, and runs only if that passed
plan() {
	printf '%s\t-\t%s\n' "patches/ matches build/linux" "$h/export.sh --check"
	for t in $(targets); do
		printf '%s\t-\t%s\n' "build $t" "$h/build.sh $t"
		printf '%s\t%s\t%s\n' "kunit $t" "$build/$t/result" "$h/kunit.sh $t"
	done
	for p in $(postings); do
		t=$(posting_var "$p" STACK)
		[ -n "$t" ] || continue
		printf '%s\t-\t%s\n' "build $t up to $p" "$h/build.sh $t $p"
		printf '%s\t%s\t%s\n' "kunit $t up to $p" "$build/stack/$p/$t/result" "$h/kunit.sh $t $p"
	done
	for g in $(gates); do
		printf '%s\t-\t%s\n' "$g" "$h/$g.sh"
	done
}

if [ "${1:-}" = --plan ]; then
	plan
	exit 0
fi

start=$(date +%s)
failed_steps=
nfailed_steps=0
results=
ok=yes
plan >"$build/check.plan"
while IFS='	' read -r name result cmd; do
	if [ "$result" != - ]; then
		# the KUnit run of a kernel that did not build is not a step
		[ $ok = yes ] || continue
		rm -f "$result"
		results="$results $result"
	fi
	t0=$(date +%s)
	# shellcheck disable=SC2086
	if $cmd </dev/null; then
		echo "  OK      $name ($(($(date +%s) - t0)) s)"
		ok=yes
	else
		echo "  FAILED  $name ($(($(date +%s) - t0)) s)"
		failed_steps="$failed_steps; $name"
		nfailed_steps=$((nfailed_steps + 1))
		ok=no
	fi
done <"$build/check.plan"

passed=0
failed=0
skipped=0
for r in $results; do
	if [ -f "$r" ]; then
		read -r p f s <"$r"
		passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	fi
done
failed=$((failed + nfailed_steps))
echo "make check: $(($(date +%s) - start)) s; failed steps${failed_steps:-: none}"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
