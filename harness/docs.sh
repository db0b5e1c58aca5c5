#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# docs.sh: make SPHINXDIRS=gpu htmldocs, with Debian's Sphinx, on the
# series (build/linux) and on the base (build/base-tree); fails on any
# warning of the series' build that the base's build does not have (the
# base already has some).  The base's warnings are kept, in
# build/docs/base.warnings, for as long as the base and Sphinx are the same.
#   GATE_KSRC=dir: check that worktree of build/linux instead of build/linux
set -eu
. "$(dirname "$0")/common.sh"
ksrc=${GATE_KSRC:-$ksrc}
# Debian's python3 and Sphinx
export PATH="/usr/bin:$PATH" PYTHONDONTWRITEBYTECODE=1

command -v sphinx-build >/dev/null ||
	die "no sphinx-build: run harness/deps.sh (Debian's python3-sphinx)"

base_src=$(base_tree)
out=$build/docs
mkdir -p "$out"

# htmldocs TREE NAME: build the gpu book of TREE into build/docs/NAME and
# write its warnings, one a line, to build/docs/NAME.warnings: without the
# tree's path or line numbers (so that moved text is not new), a warning
# continued on the next line joined to it.
htmldocs() {
	rm -rf "${out:?}/$2"
	mkdir -p "$out/$2"
	make -s -C "$1" O="$out/$2" SPHINXDIRS=gpu htmldocs >"$out/$2.log" 2>&1 ||
		{ tail -20 "$out/$2.log" >&2; die "make htmldocs failed on $2 (log: build/docs/$2.log)"; }
	awk '/WARNING:|ERROR:|CRITICAL:|SEVERE:/ { if (w != "") print w; w = $0; next }
		/^Declaration is / && w != "" { w = w " " $0; next }
		END { if (w != "") print w }' "$out/$2.log" |
		sed "s|$1/||g; s|$(cd "$1" && pwd -P)/||g; s/:[0-9][0-9]*/:N/g" | sort >"$out/$2.warnings"
}

key="$(git -C "$ksrc" rev-parse base) $(sphinx-build --version 2>&1) $(command -v dot || :)"
t0=$(date +%s)
if [ ! -f "$out/base.warnings" ] || [ "$(cat "$out/base.key" 2>/dev/null)" != "$key" ]; then
	rm -f "$out/base.key"
	htmldocs "$base_src" base
	echo "$key" >"$out/base.key"
	echo "  DOCS    base: $(wc -l <"$out/base.warnings") warnings in $(($(date +%s) - t0)) s"
	t0=$(date +%s)
fi
htmldocs "$ksrc" series

rc=0
new_findings docs "the gpu book (log: build/docs/series.log)" "$out/series.warnings" "$out/base.warnings" || rc=1
gate_line "DOCS   " $rc "gpu: $(wc -l <"$out/series.warnings") warnings (base: $(wc -l <"$out/base.warnings")) in $(($(date +%s) - t0)) s"
