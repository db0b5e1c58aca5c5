#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# footprint.sh [TARGET...]: the footprint report.  The KUnit suites print
# what the driver's own sizing helpers give for 4, 16 and 64 KiB pages
# ("footprint: WHAT page N: BYTES"); this prints them as a table, from the
# first target's run, beside the base's figures (harness/footprint.base),
# and checks that every other target printed the same figures, and that
# KFD's page-table reservation holds the page tables the model test took.
set -eu
. "$(dirname "$0")/common.sh"

targets=${*:-$(targets)}
mkdir -p "$build/footprint"
figures=$build/footprint/table
first=

for t in $targets; do
	ktap=$build/$t/kunit.ktap
	[ -f "$ktap" ] || die "no KUnit run for $t: run 'make kunit TARGET=$t' first"
	sed -n 's/^ *# [a-z0-9_]*: \(footprint: \)/\1/p' "$ktap" |
		awk '!seen[$0]++' >"$build/footprint/$t"
	[ -s "$build/footprint/$t" ] || die "$t: the KUnit run printed no footprint"
	if [ -z "$first" ]; then
		first=$t
		cp "$build/footprint/$t" "$figures"
	elif ! cmp -s "$figures" "$build/footprint/$t"; then
		die "$t printed other figures than $first: diff build/footprint/$first build/footprint/$t"
	fi
done

echo "Footprint of a gfx90a-like device, base -> series (KUnit on $targets)"
awk '
function human(v) {
	if (v >= 1048576 && v % 1048576 == 0)
		return v / 1048576 "M"
	if (v >= 1048576)
		return sprintf("%.1fM", v / 1048576)
	if (v >= 1024 && v % 1024 == 0)
		return v / 1024 "K"
	return v
}
FNR == NR { if (!/^#/) base[$1, $2] = $3; next }
{
	what = $2; page = $4; sub(/:$/, "", page)
	b = ((what, page) in base) ? human(base[what, page]) : "?"
	cell[what, page] = b " -> " human($5)
	if (!(what in seen)) { seen[what] = 1; order[n++] = what }
}
END {
	printf "%-44s %-18s %-18s %-18s\n", "", "4 KiB pages", "16 KiB pages", "64 KiB pages"
	for (i = 0; i < n; i++)
		printf "%-44s %-18s %-18s %-18s\n", order[i], cell[order[i], 4096],
		       cell[order[i], 16384], cell[order[i], 65536]
}' "$top/harness/footprint.base" "$figures"
cat <<'END'
(bytes, K = KiB, M = MiB; processes-with-queues is a count, for a 2 MiB
doorbell BAR; PT rows: page-table VRAM without the root PD, the churn
rows at the end and the peak of the page-table model test's 10000 random
steps; the KFD PT reservation is per GPU on a 1 TiB host)
END

# The KFD reservation for page tables is a heuristic, but never below what
# the model test's page tables took at their peak, and with pages above
# 4 KiB at most 1.1 times the 4 KiB figure (issue 17)
awk '
{ page = $4; sub(/:$/, "", page) }
$2 == "KFD-PT-reservation-per-GPU-1TiB-host" { res[page] = $5 }
$2 ~ /^PT-VRAM-churn-.*-peak$/ && $5 > peak[page] { peak[page] = $5; what[page] = $2 }
END {
	if (!(4096 in res)) { print "no KFD-PT-reservation figure for 4 KiB pages"; exit 1 }
	for (p in res) {
		if (!(p in peak)) { print "no PT-VRAM-churn peak for " p "-byte pages"; exit 1 }
		if (res[p] < peak[p]) {
			print p "-byte pages: KFD reserves " res[p] " bytes, below the " peak[p] " of " what[p]
			exit 1
		}
		if (res[p] * 10 > res[4096] * 11) {
			print p "-byte pages: KFD reserves " res[p] " bytes, over 1.1 times the " res[4096] " of 4 KiB pages"
			exit 1
		}
	}
}' "$figures" >"$build/footprint/reservation" ||
	die "$(cat "$build/footprint/reservation"): see amdgpu_amdkfd_estimate_pt_size() and the amdgpu_vm_pt_model KUnit test"
echo "KFD's page-table reservation holds each page size's peak of the churn rows, within 1.1 times the 4 KiB figure"
for t in $targets; do
	sed -n "s/.*# [a-z0-9_]*: hdp-flush cost: /  AMDKFD_IOC_HDP_FLUSH on $t (QEMU TCG): /p" "$build/$t/kunit.ktap"
done
