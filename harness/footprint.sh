#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# footprint.sh [TARGET...]: the footprint report.  The KUnit suites print
# what the driver's own sizing helpers give for 4, 16 and 64 KiB pages,
# with the base tree's figure beside it ("footprint: WHAT page N base B
# series S"); this prints them as a table, from the first target's run,
# and checks that every other target printed the same figures.
set -eu
. "$(dirname "$0")/common.sh"

targets=${*:-${CHECK_TARGETS:-$(ls "$top/targets")}}
figures=$build/footprint.txt
first=

for t in $targets; do
	ktap=$build/$t/kunit.ktap
	[ -f "$ktap" ] || die "no KUnit run for $t: run 'make kunit TARGET=$t' first"
	sed -n 's/^ *# [a-z0-9_]*: \(footprint: \)/\1/p' "$ktap" |
		awk '!seen[$0]++' >"$build/$t/footprint.txt"
	[ -s "$build/$t/footprint.txt" ] || die "$t: the KUnit run printed no footprint"
	if [ -z "$first" ]; then
		first=$t
		cp "$build/$t/footprint.txt" "$figures"
	elif ! cmp -s "$figures" "$build/$t/footprint.txt"; then
		die "$t printed other figures than $first: diff $build/$first/footprint.txt $build/$t/footprint.txt"
	fi
done

echo "Footprint of a gfx90a-like device, base tree -> series (KUnit on $targets)"
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
{
	what = $2; page = $4; cell[what, page] = human($6) " -> " human($8)
	if (!(what in seen)) { seen[what] = 1; order[n++] = what }
}
END {
	printf "%-44s %-18s %-18s %-18s\n", "", "4 KiB pages", "16 KiB pages", "64 KiB pages"
	for (i = 0; i < n; i++)
		printf "%-44s %-18s %-18s %-18s\n", order[i], cell[order[i], 4096],
		       cell[order[i], 16384], cell[order[i], 65536]
}' "$figures"
cat <<'END'
(bytes, K = KiB, M = MiB; processes-with-queues is a count, for a 2 MiB
doorbell BAR; PT rows: page-table VRAM without the root PD; the KFD
PT reservation is per GPU on a 1 TiB host)
END
for t in $targets; do
	sed -n "s/.*# kfd_hdp_flush_cost: hdp-flush cost: /  AMDKFD_IOC_HDP_FLUSH on $t (QEMU TCG): /p" "$build/$t/kunit.ktap"
done
