#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kerneldoc.sh: scripts/kernel-doc -none -Wall on every .c and .h file the
# series touches; fails on a warning that the same file does not have in
# the base (the base already has some), and on a kernel-doc comment that
# the series adds and kernel-doc does not parse into a symbol.
#   GATE_KSRC=dir: check that git tree instead of build/linux (selftest.sh)
set -eu
. "$(dirname "$0")/common.sh"
ksrc=${GATE_KSRC:-$ksrc}
# Debian's python3: kernel-doc is a Python script
export PATH="/usr/bin:$PATH" PYTHONDONTWRITEBYTECODE=1

tmp=$build/kerneldoc
[ -z "${GATE_KSRC:-}" ] || tmp=$GATE_KSRC.kerneldoc
rm -rf "$tmp"
mkdir -p "$tmp/base"

# warnings DIR FILE: kernel-doc's warnings on DIR/FILE, one a line, with
# the path as FILE and without the line number (so that moved code is not
# new), each once (with -none kernel-doc prints each twice).  A warning
# continued on the next line is joined to it.
warnings() {
	(cd "$1" && "$ksrc/scripts/kernel-doc" -none -Wall "$2" 2>&1) |
		awk '/^[A-Za-z]+: / { if (l != "") print l; l = $0; next }
			{ sub(/^ +/, ""); l = l " " $0 }
			END { if (l != "") print l }' |
		sed 's/^\([A-Za-z]*\): \([^ :]*\):[0-9]*/\1: \2:/' | sort -u
}

# added FILE: the name of each kernel-doc comment the series adds to FILE:
# "/**" followed by "name() - ", "name - ", "struct name - " or "DOC: title".
added() {
	git -C "$ksrc" diff -U0 base -- "$1" | awk '
		prev == "+/**" && /^\+ \* / {
			s = substr($0, 5)
			if (sub(/^DOC: */, "", s)) { print s }
			else {
				sub(/^(struct|union|enum|typedef) +/, "", s)
				sub(/[ (:].*/, "", s)
				print s
			}
		}
		{ prev = $0 }'
}

files=$(touched '*.c' '*.h')
rc=0
checked=0
seen=0
inbase=0
symbols=0
for f in $files; do
	checked=$((checked + 1))
	warnings "$ksrc" "$f" >"$tmp/new"
	# the base's copy, under the same path so its warnings name it alike
	: >"$tmp/old"
	! base_copy "$f" "$tmp/base" || warnings "$tmp/base" "$f" >"$tmp/old"
	seen=$((seen + $(wc -l <"$tmp/new")))
	inbase=$((inbase + $(wc -l <"$tmp/old")))
	new_findings kerneldoc "$f" "$tmp/new" "$tmp/old" || rc=1

	added "$f" >"$tmp/added"
	while IFS= read -r name; do
		symbols=$((symbols + 1))
		(cd "$ksrc" && ./scripts/kernel-doc -rst -s "$name" "$f" 2>/dev/null) | grep -q . && continue
		echo "kerneldoc: $f: kernel-doc does not parse the comment of \"$name\"; its first line must read \"name() - summary\", \"struct name - summary\" or \"DOC: title\"" >&2
		rc=1
	done <"$tmp/added"
done
gate_line "KDOC   " $rc "$checked files, $seen warnings (base: $inbase), $symbols new comments"
