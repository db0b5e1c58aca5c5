#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# fresh.sh: prove that `make` installs all the harness needs, on a fresh
# Debian 12.  It makes a minimal bookworm root in build/fresh/root
# (mmdebstrap --variant=minbase: the packages of priority required and apt,
# which every Debian 12 has), puts a clone of this repository (HEAD, without
# build/) in /root/NAME there, installs make (which the README asks for: a
# fresh Debian has none), and runs in the clone, as root:
#   harness/fresh.sh          make, then make check (an hour and more): the
#                             times and the last lines of each
#   QUICK=1 harness/fresh.sh  make deps, then checks that every program and
#                             library of harness/data/programs is there (minutes)
#   WORKTREE=1 ...            test the working tree as it is (uncommitted
#                             changes and untracked files too), not HEAD,
#                             which is what the README's fresh clone gets
#   harness/fresh.sh --trace CMD...
#                             run CMD here under strace, with the PATH and
#                             environment of the root, and add the programs
#                             it runs, and the libraries they load, to
#                             harness/data/programs
# The root is unpacked anew each run from build/fresh/bookworm.tar, made on
# the first run from the mirror of the system's apt sources (remove the tar
# to make it again); build/fresh/archives keeps the .debs make deps fetches.
set -eu
. "$(dirname "$0")/common.sh"

fresh=$build/fresh
mkdir -p "$fresh"
root=$(cd "$fresh" && pwd -P)/root
list=$top/harness/data/programs
name=$(basename "$top")
# what root has on a fresh Debian: PATH of /etc/profile, no other variable
clean_env="HOME=/root TERM=${TERM:-dumb}
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

# package FILE: the Debian package that has FILE here, or "none"
package() {
	for f in "$1" "/${1#/usr/}" "$(readlink -f "$1")"; do
		dpkg -S "$f" 2>/dev/null | grep -v '^diversion' | sed -n '1s/[:,].*//p' | grep . && return
	done
	echo none
}

# ran: the programs the traced command executed, the interpreter of each
# script among them (the kernel runs it without an execve of its own), and
# the shared libraries they loaded (spatch loads libpython itself)
ran() {
	sed -n 's/^[0-9]* *execve("\([^"]*\)".*/\1/p' "$fresh/trace.log" | sort -u | while read -r p; do
		echo "$p"
		for f in "$p" "$top/$p" "$ksrc/$p"; do
			[ ! -f "$f" ] || { sed -n '1s/^#! *\([^ ]*\).*/\1/p' "$f" && break; }
		done
	done
	sed -n '/O_WRONLY\|O_RDWR\|O_CREAT/!s/^[0-9]* *openat([^"]*"\(\/[^"]*\.so[.0-9]*\)".*/\1/p' "$fresh/trace.log"
}

if [ "${1:-}" = --trace ]; then
	shift
	command -v strace >/dev/null || die "no strace: apt-get install strace, then rerun"
	rc=0
	# shellcheck disable=SC2086
	env -i $clean_env strace -f -qq -z --seccomp-bpf -e trace=execve,openat -e signal=none \
		-s 512 -o "$fresh/trace.log" "$@" || rc=$?
	[ $rc = 0 ] || echo "fresh: $* exited with $rc; the programs it ran are taken all the same" >&2
	touch "$list"
	sed -n 's/^# not needed: \([^ ]*\) .*/\1/p' "$list" >"$fresh/skip"
	{
		cat <<-EOF
		# The programs the harness runs and the shared libraries they load, one
		# a line, with the Debian package that has it on the machine that traced
		# it: QUICK=1 harness/fresh.sh checks that each one is in a fresh Debian
		# 12 root after make deps.  Found by running, not by reading:
		# harness/fresh.sh --trace ran each command named below under strace -f
		# (execve, openat) and kept every program it executed, the interpreter
		# of each script and every shared library opened, from /usr, /bin,
		# /sbin or /lib.  To add what another command runs: harness/fresh.sh
		# --trace CMD...; to start anew, remove this file and trace make check
		# in a fresh clone.  A "not needed: FILE REASON" line names one that
		# the tracing machine ran for reasons of its own: it is left out.
		EOF
		{ grep -E '^# (traced|not needed):' "$list" || :; echo "# traced: $*"; } | awk '!seen[$0]++'
		{ sed -n 's/^\(\/[^ ]*\) .*/\1/p' "$list"; ran; } | xargs -r realpath -sm |
			grep -v "^$top/" | grep -E '^/(usr|bin|sbin|lib)' | sort -u |
			grep -vxF -f "$fresh/skip" | while read -r p; do echo "$p $(package "$p")"; done
	} >"$fresh/programs"
	mv "$fresh/programs" "$list"
	rm "$fresh/skip"
	echo "  TRACE   $*: $(grep -c '^/' "$list") files in harness/data/programs; full trace: ${fresh#"$top"/}/trace.log"
	exit $rc
fi

[ "$(id -u)" = 0 ] || die "run it as root: it mounts file systems and chroots"
# The mounts are made in a mount namespace of this script's own: they are
# not seen outside it, and none outlives the last process in the root,
# even when this script is killed with SIGKILL and its trap cannot run.
[ -n "${FRESH_NS:-}" ] || FRESH_NS=1 exec unshare -m "$0" "$@"
[ "${QUICK:-}" != 1 ] || [ -f "$list" ] ||
	die "no harness/data/programs: make it with harness/fresh.sh --trace make check"
start=$(date +%s)

# mounted: what is mounted in the root, innermost first
mounted() {
	findmnt -rn -o TARGET | awk -v r="$root/" 'index($0, r) == 1' | sort -r
}

# cleanup: end what still runs in the root, and unmount all in it
cleanup() {
	for p in /proc/[0-9]*; do
		[ "$(readlink "$p/root" 2>/dev/null)" != "$root" ] || kill -9 "${p#/proc/}" 2>/dev/null || :
	done
	for m in $(mounted); do
		umount "$m" 2>/dev/null || umount -l "$m"
	done
	[ -z "$(mounted)" ] || { mounted >&2; die "still mounted in $root (above): umount them by hand"; }
}

# in_root CMD...: run CMD as root in the clone in the fresh root
in_root() {
	# shellcheck disable=SC2016,SC2086
	chroot "$root" env -i $clean_env sh -c 'cd "$1" && shift && exec "$@"' sh "/root/$name" "$@"
}

# timed LOG CMD...: CMD in the root, output in build/fresh/LOG; say how
# long it took and show its last lines.  In the background, so that a
# signal ends the wait at once.
timed() {
	log=$fresh/$1
	shift
	t0=$(date +%s)
	rc=0
	in_root "$@" >"$log" 2>&1 </dev/null &
	wait $! || rc=$?
	echo "  FRESH   $*: exit $rc in $(($(date +%s) - t0)) s; the end of ${log#"$top"/}:"
	tail -n "${FRESH_LINES:-12}" "$log" | sed 's/^/          /'
	return $rc
}

tar=$fresh/bookworm.tar
if [ ! -f "$tar" ]; then
	mirror=$(debian_mirror)
	if ! command -v mmdebstrap >/dev/null; then
		echo "  APT     mmdebstrap"
		{ apt-get -q update && apt-get -q -y install --no-install-recommends mmdebstrap; } \
			>"$fresh/apt.log" 2>&1 || die "cannot install mmdebstrap (log: ${fresh#"$top"/}/apt.log)"
	fi
	echo "  ROOT    Debian 12 minbase from $mirror -> ${tar#"$top"/} (kept for the next runs)"
	mmdebstrap -q --variant=minbase --format=tar bookworm "$tar.tmp" \
		"deb $mirror bookworm main" "deb $mirror bookworm-updates main" >"$fresh/mmdebstrap.log" 2>&1 ||
		die "mmdebstrap failed (log: ${fresh#"$top"/}/mmdebstrap.log); check the network and the mirror, then rerun"
	mv "$tar.tmp" "$tar"
fi

trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
cleanup
t0=$(date +%s)
rm -rf --one-file-system "$root"
mkdir -p "$root" "$fresh/archives/partial"
tar -xf "$tar" -C "$root"
# reach the mirror as this system does: its resolver, and its apt.conf.d
# files that set Acquire options (a proxy, or a frozen mirror's dates)
rm -f "$root/etc/resolv.conf"
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
grep -l '^Acquire::' /etc/apt/apt.conf.d/* 2>/dev/null | xargs -r cp -t "$root/etc/apt/apt.conf.d/"
# dpkg need not sync to disk in a root that is thrown away
echo force-unsafe-io >"$root/etc/dpkg/dpkg.cfg.d/unsafe-io"
mount -t proc proc "$root/proc"
mount -t sysfs sysfs "$root/sys"
for d in /dev /dev/pts /dev/shm; do
	mkdir -p "$root$d"
	mount --bind "$d" "$root$d"
done
mount --bind "$fresh/archives" "$root/var/cache/apt/archives"

git clone -q "$top" "$root/root/$name"
if [ "${WORKTREE:-}" = 1 ]; then
	git -C "$top" diff --binary HEAD | git -C "$root/root/$name" apply --allow-empty
	(cd "$top" && git ls-files -z -o --exclude-standard | tar --null -T - -cf -) |
		tar -xf - -C "$root/root/$name"
	what="the working tree"
else
	[ -z "$(git -C "$top" status --porcelain)" ] ||
		echo "fresh: testing HEAD; the uncommitted changes are not (WORKTREE=1 tests them)" >&2
	what="HEAD $(git -C "$top" rev-parse --short HEAD)"
fi
echo "  ROOT    ${root#"$top"/}: Debian 12 minbase and $what of $name in /root/$name ($(($(date +%s) - t0)) s)"
# What the README asks for before its first command: make (git only clones).
in_root sh -c 'apt-get -q update && apt-get -q -y install --no-install-recommends make' \
	>"$fresh/make.apt.log" 2>&1 || die "cannot install make in the root (log: ${fresh#"$top"/}/make.apt.log)"

if [ "${QUICK:-}" = 1 ]; then
	timed deps.log make deps
	# shellcheck disable=SC2016
	missing=$(grep '^/' "$list" | in_root sh -c 'while read -r p pkg; do
		[ -e "$p" ] || echo "  $p (here in Debian package $pkg)"; done')
	if [ -n "$missing" ]; then
		echo "fresh: after make deps, the fresh root lacks what the harness runs:" >&2
		echo "$missing" >&2
		die "install each one's package in harness/deps.sh (or, if the harness does not need it, add a \"not needed\" line to harness/data/programs), then rerun QUICK=1 harness/fresh.sh"
	fi
	echo "  FRESH   all $(grep -c '^/' "$list") files of harness/data/programs are there after make deps ($(($(date +%s) - start)) s in all)"
	exit 0
fi
timed make.log make
timed check.log make check
