#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install, from Debian's packages, what the harness needs and is missing.
set -eu

# command:package pairs
need="aarch64-linux-gnu-gcc:gcc-aarch64-linux-gnu
powerpc64le-linux-gnu-gcc:gcc-powerpc64le-linux-gnu
qemu-system-x86_64:qemu-system-x86
qemu-system-aarch64:qemu-system-arm
qemu-system-ppc64:qemu-system-ppc
sparse:sparse
spatch:coccinelle
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
# headers the kernel's host tools build against
[ -f /usr/include/libelf.h ] || missing="$missing libelf-dev"
[ -f /usr/include/openssl/ssl.h ] || missing="$missing libssl-dev"
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
