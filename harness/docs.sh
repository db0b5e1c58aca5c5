#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# docs.sh: make SPHINXDIRS=gpu htmldocs, with Debian's Sphinx, on the
# series and on the base, compared with the base (compare_with_base).
# The base's warnings are kept, in build/docs/base.warnings, for as long
# as the base and Sphinx are the same.
set -eu
. "$(dirname "$0")/common.sh"
# Debian's python3 and Sphinx
export PATH="/usr/bin:$PATH" PYTHONDONTWRITEBYTECODE=1

command -v sphinx-build >/dev/null ||
	die "no sphinx-build: run harness/deps.sh (Debian's python3-sphinx)"

# htmldocs TREE BOOK: the warnings of the book of TREE, one a line (a
# warning continued on the next line joined to it); built in
# build/docs/$side/, except the base's when its warnings are kept
htmldocs() {
	# the base's warnings are kept for the same base, Sphinx and harness
	key="$(git -C "$1" rev-parse HEAD) $(sphinx-build --version 2>&1) $(command -v dot || :) $(cat "$0" "$top/harness/common.sh" | cksum)"
	if [ "$side" = base ] && [ "$(cat "$gate_dir/base.key" 2>/dev/null)" = "$key" ]; then
		cat "$gate_dir/base.warnings"
		return
	fi
	t0=$(date +%s)
	make -s -C "$1" O="$gate_dir/$side/out" SPHINXDIRS="$2" htmldocs >"$gate_dir/$side/log" 2>&1 ||
		{ tail -20 "$gate_dir/$side/log" >&2; die "make htmldocs failed on the $side (log: ${gate_dir#"$top"/}/$side/log)"; }
	awk '/WARNING:|ERROR:|CRITICAL:|SEVERE:/ { if (w != "") print w; w = $0; next }
		/^Declaration is / && w != "" { w = w " " $0; next }
		END { if (w != "") print w }' "$gate_dir/$side/log" >"$gate_dir/$side.warnings"
	echo "  DOCS    $side: $(wc -l <"$gate_dir/$side.warnings") warnings in $(($(date +%s) - t0)) s" >&2
	if [ "$side" = base ]; then
		echo "$key" >"$gate_dir/base.key"
	fi
	cat "$gate_dir/$side.warnings"
}

gate_units=book compare_with_base docs htmldocs gpu
