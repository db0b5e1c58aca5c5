#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# footprint.sh [TARGET...]: the footprint report.  The measurement suite
# (harness/data/measure.c, compiled into every target's kernel, never
# posted) prints what the driver's own functions give on the page size of
# the kernel it runs on ("footprint: WHAT page N: BYTES"); this puts the
# figures of every page size the targets have in a table, beside the
# base's (harness/data/footprint.base), and checks that targets with the
# same page size printed the same figures.  Then what the measurement
# suite timed (harness/data/measure-hdp.c: "cost: WHAT: PICOSECONDS"), one
# column per target: QEMU's figures, not the hardware's.
set -eu
. "$(dirname "$0")/common.sh"

targets=${*:-$(targets)}
mkdir -p "$build/footprint"
figures=$build/footprint/table
rm -f "$build/footprint"/page-* "$build/footprint"/cost-*

for t in $targets; do
	needs_kunit "$t"
	page=$(load_target "$t" && echo "$PAGE_SIZE")
	sed -n 's/^ *# [a-z0-9_]*: \(footprint: \)/\1/p' "$build/$t/kunit.ktap" |
		awk '!seen[$0]++' >"$build/footprint/$t"
	sed -n "s/^ *# [a-z0-9_]*: cost: \([a-z0-9-]*\): \([0-9]*\)\$/$t \1 \2/p" \
		"$build/$t/kunit.ktap" >"$build/footprint/cost-$t"
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
doorbell BAR: how many slices fit beside the kernel's doorbells.  PT-VRAM
rows: a compute VM's page tables, root PD included, at the end of a
sequence of 4 KiB maps, one per 2 MiB range (one page; a PT in each
2 MiB of 1 GiB; then all but one PT in 16 unmapped; then 90% or 95% of
them unmapped at random; one in each GiB of 64 GiB; a PT in each 2 MiB
of 1 GiB, then each unmapped and mapped again), as the VM's stats count
them; in the base every table takes a CPU page.  PT-VRAM-worst: after a
PT in each 2 MiB of 1 GiB, the first PT of each BO of the pool kept and
every other one unmapped; it adapts to the layout, so the base has no
figure, and PT-VRAM-worst-4k is what the tables it leaves take in BOs of
4 KiB.  PT-moves rows: the tables the compaction moved for each 100 PTs
the sequence unmapped.)
END

echo
echo "AMDKFD_IOC_HDP_FLUSH and a store, ns each, in QEMU with TCG (measured on $(echo $targets))"
awk '
{ if (!($1 in t)) { t[$1] = 1; cols[m++] = $1 } if (!($2 in seen)) { seen[$2] = 1; order[n++] = $2 } ns[$1, $2] = $3 / 1000 }
END {
	printf "%-44s", ""
	for (j = 0; j < m; j++) printf " %-12s", cols[j]
	printf "\n"
	for (i = 0; i < n; i++) {
		printf "%-44s", order[i]
		for (j = 0; j < m; j++)
			printf " %-12s", ((cols[j], order[i]) in ns) ? sprintf("%.2f", ns[cols[j], order[i]]) : "-"
		printf "\n"
	}
}' "$build/footprint"/cost-*
cat <<'END'
(KUnit calls kfd_ioctl() as the ioctl(2) of /dev/kfd would, with the test's
copy of the arguments to user memory before each call, on fake GPUs whose
flush only counts; "refused" ends at a GPU the process does not own.  A
target with lockdep (targets/*: CONFIG_PROVE_LOCKING) pays for it on
every lock.  Not hardware's figures: TCG translates each guest
instruction, a system call's entry and exit are not in them, and neither
is the flush, where the kernel writes the HDP register and reads one
back, a round trip over PCIe, and user space, where it maps the
register, only stores to it.)
END
