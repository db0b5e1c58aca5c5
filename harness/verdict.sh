#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# verdict.sh TARGET LOG [POSTING]: judge the kernel log of a KUnit run.
# Fails unless every suite of the postings up to POSTING (their SUITES)
# ran, no case failed, the kernel ran with the page size TARGET
# promises, and it printed no warning, BUG or oops.
# Writes "PASSED FAILED SKIPPED" (KUnit cases) to "result" beside LOG.
set -eu
. "$(dirname "$0")/common.sh"
load_target "${1:-}"
log=${2:?usage: verdict.sh TARGET LOG [POSTING]}
upto=$(postings_upto "${3:-}")
result=$(dirname "$log")/result

# the log without printk timestamps
ktap=${log%.log}.ktap
ktap "$log" >"$ktap"

rc=0
problem() {
	echo "$target: $*" >&2
	rc=1
}

grep -q "^ok \|^not ok " "$ktap" ||
	problem "no KTAP result in the log: the kernel did not boot or crashed (log: $log)"
for suite in $(for p in $upto; do posting_var "$p" SUITES; done); do
	if grep -q "^ok [0-9]* $suite\$" "$ktap"; then
		continue
	elif grep -q "^not ok [0-9]* $suite\$" "$ktap"; then
		problem "suite $suite failed"
	else
		problem "suite $suite did not run"
	fi
done
if grep -q "^ *not ok " "$ktap"; then
	problem "KUnit cases failed"
	echo "$target: the failed expectations:" >&2
	grep -E "EXPECTATION FAILED|ASSERTION FAILED|^ +(Expected|but|[^#].* == )|^ *not ok " "$ktap" | head -60 >&2
fi

# the page size the kernel ran with, from a hash table it sized at boot:
# "Dentry cache hash table entries: N (order: O, BYTES bytes, ...)", where
# BYTES, a power of two, is PAGE_SIZE << O
seen=$(sed -n 's/^Dentry cache hash table entries: [0-9]* (order: \([0-9]*\), \([0-9]*\) bytes.*/\1 \2/p' "$ktap" |
	awk '$1 > 0 { printf "%d\n", $2 / 2 ^ $1; exit }')
[ "$seen" = "$PAGE_SIZE" ] ||
	problem "the kernel ran with PAGE_SIZE ${seen:-unknown}, the target promises $PAGE_SIZE"

if grep -nE "WARNING:|BUG:|Oops|Kernel panic|Call Trace:|UBSAN:|KASAN:|QEMU exited" "$ktap" >"$log.problems"; then
	problem "the kernel log has warnings, oopses or a crash:"
	head -20 "$log.problems" >&2
fi

cases=$(grep -E "^    (not )?ok [0-9]+ " "$ktap" || true)
passed=$(echo "$cases" | grep "^    ok " | grep -vc "# SKIP" || true)
skipped=$(echo "$cases" | grep -c "# SKIP" || true)
failed=$(echo "$cases" | grep -c "^    not ok " || true)
echo "$passed $failed $skipped" >"$result"
echo "  KUNIT   $target: $passed passed, $failed failed, $skipped skipped; PAGE_SIZE ${seen:-?}"
exit $rc
