#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# footprint.sh [TARGET...]: the footprint report.  The measurement suite
# (harness/data/measure.c, compiled into every target's kernel, never
# posted) prints what the driver's own functions give on the page size of
# the kernel it runs on ("footprint: WHAT page N: BYTES"); this puts the
# figures of every page size the targets have in a table, beside the
# base's (harness/data/footprint.base), and checks that targets with the
# same page size printed the same figures.
set -eu
. "$(dirname "$0")/common.sh"

targets=${*:-$(targets)}
mkdir -p "$build/footprint"
figures=$build/footprint/table
rm -f "$build/footprint"/page-*

for t in $targets; do
	needs_kunit "$t"
	page=$(load_target "$t" && echo "$PAGE_SIZE")
	sed -n 's/^ *# [a-z0-9_]*: \(footprint: \)/\1/p' "$build/$t/kunit.ktap" |
		awk '!seen[$0]++' >"$build/footprint/$t"
	[ -s "$build/footprint/$t" ] ||
		die "$t: the KUnit run printed no footprint: is harness/data/measure.c built in (harness/build.sh)?"
	if [ -f "$build/footprint/page-$page" ]; then
		cmp -s "$build/footprint/page-$page" "$build/footprint/$t" ||
			die "$t printed other figures than another target with $page-byte pages: diff build/footprint/$t build/footprint/page-$page"
	else
		cp "$build/footprint/$t" "$build/footprint/page-$page"
	fi
done
cat "$build/footprint"/page-* >"$figures"

echo "Footprint of a gfx90a-like device, base -> series (measured on $(echo $targets))"
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
}' "$top/harness/data/footprint.base" "$figures"
cat <<'END'
(bytes, K = KiB, M = MiB; processes-with-queues is a count, for a 2 MiB
doorbell BAR: how many slices fit beside the kernel's doorbells)
END
