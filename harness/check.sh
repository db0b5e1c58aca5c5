#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check.sh: everything that proves the series, and nothing else.  Runs
# every step even after a failure, then prints one line
# "N passed, N failed" (every KUnit case of every target, plus one failure
# for each failed step) and exits non-zero on any failure.
set -eu
. "$(dirname "$0")/common.sh"
h=$top/harness

failed_steps=
nfailed_steps=0
step() {
	name=$1
	shift
	t0=$(date +%s)
	if "$@"; then
		echo "  OK      $name ($(($(date +%s) - t0)) s)"
	else
		echo "  FAILED  $name ($(($(date +%s) - t0)) s)"
		failed_steps="$failed_steps; $name"
		nfailed_steps=$((nfailed_steps + 1))
		return 1
	fi
}

start=$(date +%s)
step "patches/ matches build/linux" "$h/export.sh" --check || :
for t in $(targets); do
	rm -f "$build/$t/result"
	step "build $t" "$h/build.sh" "$t" && step "kunit $t" "$h/kunit.sh" "$t" || :
done
# the fixes and their tests alone, as a stable tree or a user takes them
stack=2-kunit
rm -f "$build/stack/$stack/ppc64le-64k/result"
step "build ppc64le-64k up to $stack" "$h/build.sh" ppc64le-64k $stack &&
	step "kunit ppc64le-64k up to $stack" "$h/kunit.sh" ppc64le-64k $stack || :
step "mboxes rebuild build/linux" "$h/mailcheck.sh" || :
step "uapi ABI" "$h/abi.sh" || :
step footprint "$h/footprint.sh" || :
step checkpatch "$h/checkpatch.sh" || :
step "commit references" "$h/commitrefs.sh" || :
step sparse "$h/sparse.sh" || :
step kernel-doc "$h/kerneldoc.sh" || :
step coccinelle "$h/coccinelle.sh" || :
step docs "$h/docs.sh" || :
step selftest "$h/selftest.sh" || :
step "libhsakmt (userspace/)" "$h/userspace.sh" || :

passed=0
failed=0
skipped=0
for r in $(targets) stack/$stack/ppc64le-64k; do
	if [ -f "$build/$r/result" ]; then
		read -r p f s <"$build/$r/result"
		passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
	fi
done
failed=$((failed + nfailed_steps))
echo "make check: $(($(date +%s) - start)) s; failed steps${failed_steps:-: none}"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
