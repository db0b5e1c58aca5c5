#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# kerneldoc.sh: scripts/kernel-doc -none -Wall on every .c and .h file the
# series touches, compared with the base (compare_with_base); fails also
# on a kernel-doc comment that the series adds and kernel-doc does not
# parse into a symbol.
set -eu
. "$(dirname "$0")/common.sh"
# Debian's python3: kernel-doc is a Python script
export PATH="/usr/bin:$PATH" PYTHONDONTWRITEBYTECODE=1

# kdoc TREE FILE: kernel-doc's warnings on FILE of TREE, one a line (a
# warning continued on the next line joined to it)
kdoc() {
	[ -f "$1/$2" ] || return 0
	(cd "$1" && "$ksrc/scripts/kernel-doc" -none -Wall "$2" 2>&1) |
		awk '/^[A-Za-z]+: / { if (l != "") print l; l = $0; next }
			{ sub(/^ +/, ""); l = l " " $0 }
			END { if (l != "") print l }'
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
gate_units=files compare_with_base kerneldoc kdoc $files || rc=1

symbols=0
for f in $files; do
	added "$f" >"$gate_dir/added"
	while IFS= read -r name; do
		symbols=$((symbols + 1))
		(cd "$ksrc" && ./scripts/kernel-doc -rst -s "$name" "$f" 2>/dev/null) | grep -q . && continue
		echo "kerneldoc: $f: kernel-doc does not parse the comment of \"$name\"; its first line must read \"name() - summary\", \"struct name - summary\" or \"DOC: title\"" >&2
		rc=1
	done <"$gate_dir/added"
done
echo "  KDOC    $symbols new comments, $([ $rc = 0 ] && echo "each parsed" || echo "some not parsed")"
exit $rc
