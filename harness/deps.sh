#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install, from Debian's packages, what the harness needs and is missing.
set -eu
. "$(dirname "$0")/common.sh"

# command:package pairs; each target names its compiler's and QEMU's
need="sparse:sparse
spatch:coccinelle
ocamlopt:ocaml
rsync:rsync
flex:flex
bison:bison
bc:bc
python3:python3
ccache:ccache
perl:perl
git:git
xz:xz-utils
dpkg-deb:dpkg
make:make
gcc:gcc"

missing=
for pair in $need; do
	command -v "${pair%%:*}" >/dev/null 2>&1 || missing="$missing ${pair#*:}"
done
for t in "$top"/targets/*; do
	# shellcheck disable=SC1090
	(. "$t"; command -v "${CROSS_COMPILE}gcc" && command -v "$QEMU") >/dev/null 2>&1 ||
		missing="$missing $(. "$t"; echo "$PACKAGES")"
done
# headers the kernel's host tools build against
[ -f /usr/include/libelf.h ] || missing="$missing libelf-dev"
[ -f /usr/include/openssl/ssl.h ] || missing="$missing libssl-dev"
# spatch runs the Python scripts of most semantic patches in libpython
# (Debian 12's is 3.11), which Debian's coccinelle does not depend on
ls /usr/lib/*/libpython3.*.so.1.0 >/dev/null 2>&1 || missing="$missing libpython3.11"
# git send-email (the mail gate): Debian's git-email, and the Perl module
# its Debian build loads instead of its own copy (a Recommends of it)
[ -x /usr/lib/git-core/git-send-email ] || missing="$missing git-email"
perl -MMail::Address -e 1 2>/dev/null || missing="$missing libmailtools-perl"
# b4 am of each posting's thread (the mail gate), as maintainers take it
command -v b4 >/dev/null 2>&1 || missing="$missing b4"
# checkpatch.pl's SPDX check
/usr/bin/python3 -c 'import ply' 2>/dev/null || missing="$missing python3-ply"
/usr/bin/python3 -c 'import git' 2>/dev/null || missing="$missing python3-git"
# make htmldocs (harness/docs.sh): Sphinx, and the kernel's extensions
/usr/bin/python3 -c 'import sphinx' 2>/dev/null || missing="$missing python3-sphinx"
/usr/bin/python3 -c 'import yaml' 2>/dev/null || missing="$missing python3-yaml"

[ -n "$missing" ] || exit 0
if [ "$(id -u)" != 0 ]; then
	echo "deps: missing Debian packages:$missing" >&2
	echo "install them as root: apt-get install$missing" >&2
	exit 1
fi
echo "  APT     $missing"
export DEBIAN_FRONTEND=noninteractive
apt-get -q update >"${TMPDIR:-/tmp}/harness-apt.log" 2>&1 ||
	{ echo "deps: apt-get update failed; check /etc/apt/sources.list and the network" >&2; exit 1; }
# shellcheck disable=SC2086
apt-get -q -y install --no-install-recommends $missing >"${TMPDIR:-/tmp}/harness-apt.log" 2>&1 ||
	{ echo "deps: apt-get install$missing failed; run it by hand to see why" >&2; exit 1; }
