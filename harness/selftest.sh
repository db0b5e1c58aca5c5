#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# selftest.sh: the harness's own tests.  Each one feeds a script a case it
# must refuse, or a case it must pass, and checks what it did.
set -eu
. "$(dirname "$0")/common.sh"
h=$top/harness
tmp=$build/selftest
rm -rf "$tmp"
mkdir -p "$tmp"

n=0
bad=0
ok() { n=$((n + 1)); }
fail() { n=$((n + 1)); bad=$((bad + 1)); echo "selftest: FAIL: $*" >&2; }

# An unknown target: the list of valid ones, exit 2, nothing built.
rc=0
"$h/build.sh" no-such-target >"$tmp/out" 2>&1 || rc=$?
if [ $rc = 2 ] && grep -q "ppc64le-64k" "$tmp/out" && [ ! -e "$build/no-such-target" ]; then ok; else
	fail "build.sh no-such-target: exit $rc"; fi

# Every target file names what the scripts read, a power-of-2 page size,
# and CHECK, where it has one, yes or no.
for f in "$top"/targets/*; do
	(
		. "$f"
		: "${ARCH:?} ${KUNIT_ARCH:?} ${PAGE_SIZE:?} ${IMAGE:?} ${QEMU:?} ${CONSOLE:?} ${PACKAGES:?}"
		: "${CROSS_COMPILE?} ${KCONFIG?} ${QEMU_ARGS?}"
		[ $((PAGE_SIZE & (PAGE_SIZE - 1))) = 0 ] && [ "$PAGE_SIZE" -ge 4096 ] &&
			case ${CHECK:-yes} in yes | no) ;; *) false ;; esac
	) 2>"$tmp/out" && ok || fail "targets/$(basename "$f"): $(cat "$tmp/out")"
done

# verdict.sh passes a good log and refuses each kind of bad one.
suites=$(for p in $(postings); do posting_var "$p" SUITES; done)
good() {
	# 2 MiB in pages of $1 bytes: order 9 for 4 KiB, 7 for 16 KiB, 5 for 64 KiB
	echo "[    0.000000] Dentry cache hash table entries: 262144 (order: $(($1 == 4096 ? 9 : $1 == 16384 ? 7 : 5)), 2097152 bytes, linear)"
	echo "KTAP version 1"
	i=1
	for s in $suites; do
		echo "    # Subtest: $s"
		echo "    ok 1 case_one"
		echo "ok $i $s"
		i=$((i + 1))
	done
}
verdict() {
	rc=0
	"$h/verdict.sh" x86_64-4k "$1" >"$tmp/out" 2>&1 || rc=$?
	echo $rc
}
good 4096 >"$tmp/kunit.log"
[ "$(verdict "$tmp/kunit.log")" = 0 ] && ok || fail "verdict.sh refused a good log: $(cat "$tmp/out")"
good 65536 >"$tmp/kunit.log"
[ "$(verdict "$tmp/kunit.log")" != 0 ] && ok || fail "verdict.sh took a 64K log for a 4K target"
good 4096 | sed '$d' >"$tmp/kunit.log"
[ "$(verdict "$tmp/kunit.log")" != 0 ] && ok || fail "verdict.sh took a log with a missing suite"
good 4096 | sed 's/^    ok 1 case_one/    not ok 1 case_one/; s/^ok \(.*\)/not ok \1/' >"$tmp/kunit.log"
[ "$(verdict "$tmp/kunit.log")" != 0 ] && ok || fail "verdict.sh took a failed case"
{ good 4096; echo "WARNING: CPU: 0 PID: 1 at drivers/gpu/drm/amd/amdkfd/kfd_x.c:1"; } >"$tmp/kunit.log"
[ "$(verdict "$tmp/kunit.log")" != 0 ] && ok || fail "verdict.sh took a kernel warning"

# A log of the suites of the postings up to the first stacked one only:
# enough for a kernel of those postings, not for one of the whole series.
stack=$(for p in $(postings); do [ -z "$(posting_var "$p" STACK)" ] || echo "$p"; done | head -1)
early=$(for p in $(postings_upto "$stack"); do posting_var "$p" SUITES; done)
(suites=$early && good 4096) >"$tmp/kunit.log"
rc=0
"$h/verdict.sh" x86_64-4k "$tmp/kunit.log" "$stack" >"$tmp/out" 2>&1 || rc=$?
[ $rc = 0 ] && ok || fail "verdict.sh refused the suites of $stack for $stack: $(cat "$tmp/out")"
[ "$(verdict "$tmp/kunit.log")" != 0 ] && ok || fail "verdict.sh took the suites of $stack for the whole series"

# A posting is its data file and its cover letter, a gate its script and
# its line in the list: a throwaway one of each, in a copy of this
# repository whose build/ is this one's, is seen by make check's plan,
# by verdict.sh, and by make.
repo=$tmp/repo
mkdir -p "$repo"
cp -r "$top/Makefile" "$top/series.conf" "$top/harness" "$top/targets" "$top/postings" "$repo/"
ln -s "$build" "$repo/build"
ln -s "$top/patches" "$repo/patches"
printf "PREFIX='RFC PATCH'\nSTABLE=no\nSUITES='throwaway_suite'\nSTACK=x86_64-4k\n" >"$repo/postings/9-rfc-throwaway.conf"
echo "A throwaway posting" >"$repo/postings/9-rfc-throwaway.txt"
printf '#!/bin/sh\necho "the throwaway gate ran" >&2\nexit 1\n' >"$repo/harness/throwaway.sh"
chmod +x "$repo/harness/throwaway.sh"
echo "throwaway	a gate that always fails" >>"$repo/harness/data/gates"
"$repo/harness/check.sh" --plan >"$tmp/plan"
if grep -q "^kunit x86_64-4k up to 9-rfc-throwaway	$repo/build/stack/9-rfc-throwaway/x86_64-4k/result	" "$tmp/plan" &&
	[ "$(tail -1 "$tmp/plan" | cut -f1)" = throwaway ]; then ok; else
	fail "check.sh --plan has not the throwaway posting's stack and gate: $(cat "$tmp/plan")"; fi
rc=0
make -s -C "$repo" throwaway >"$tmp/out" 2>&1 || rc=$?
[ $rc != 0 ] && grep -q "the throwaway gate ran" "$tmp/out" && ok || fail "make throwaway: exit $rc, $(cat "$tmp/out")"
make -s -n -C "$repo" clean | grep -q "build/throwaway" && ok || fail "make clean does not remove build/throwaway"
good 4096 >"$tmp/kunit.log"
rc=0
"$repo/harness/verdict.sh" x86_64-4k "$tmp/kunit.log" >"$tmp/out" 2>&1 || rc=$?
[ $rc != 0 ] && grep -q "suite throwaway_suite did not run" "$tmp/out" && ok ||
	fail "verdict.sh took a log without the throwaway posting's suite: $(cat "$tmp/out")"
(suites="$suites throwaway_suite" && good 4096) >"$tmp/kunit.log"
"$repo/harness/verdict.sh" x86_64-4k "$tmp/kunit.log" >"$tmp/out" 2>&1 && ok ||
	fail "verdict.sh refused a log with the throwaway posting's suite: $(cat "$tmp/out")"
rm -f "$repo/build" "$repo/patches"

# commitrefs.sh takes a cited commit and a Fixes: tag, and refuses a bare id.
printf 'Subject: [PATCH] x\n\nAs commit 123456789abc ("drm: a") did, read\n0x1234567890000 and 1234567890123 bytes.\n\nFixes: abcdef012345 ("drm: b")\nAssisted-by: LLM sparse\n---\n' >"$tmp/good.patch"
sed 's/^0x1234567890000/and 6fef2d4c00b5 replaced/' "$tmp/good.patch" >"$tmp/bad.patch"
"$h/commitrefs.sh" "$tmp/good.patch" >"$tmp/out" 2>&1 && ok || fail "commitrefs.sh refused a good message: $(cat "$tmp/out")"
printf 'Subject: [PATCH] y\n\nA fix.\n\nCc: stable@vger.kernel.org\nAssisted-by: LLM\n---\n' >"$tmp/nofixes.patch"
"$h/commitrefs.sh" "$tmp/nofixes.patch" >"$tmp/out" 2>&1 && fail "commitrefs.sh took Cc: stable without Fixes: nor since when" || ok
sed 's/^A fix\.$/A fix of a bug there since v5.3./' "$tmp/nofixes.patch" >"$tmp/since.patch"
"$h/commitrefs.sh" "$tmp/since.patch" >"$tmp/out" 2>&1 && ok || fail "commitrefs.sh refused a bug since v5.3: $(cat "$tmp/out")"
if "$h/commitrefs.sh" "$tmp/bad.patch" >"$tmp/out" 2>&1; then fail "commitrefs.sh took a bare commit id"
elif grep -q 6fef2d4c00b5 "$tmp/out"; then ok; else fail "commitrefs.sh did not name the bare id: $(cat "$tmp/out")"; fi
# ... and a patch signed off by the tool, or without Assisted-by
sed 's/^Assisted-by: LLM sparse$/&\nSigned-off-by: A Tool <tool@example.org>/' "$tmp/good.patch" >"$tmp/sob.patch"
"$h/commitrefs.sh" "$tmp/sob.patch" >"$tmp/out" 2>&1 && fail "commitrefs.sh took a patch with a Signed-off-by" || ok
sed '/^Assisted-by: /d' "$tmp/good.patch" >"$tmp/noab.patch"
"$h/commitrefs.sh" "$tmp/noab.patch" >"$tmp/out" 2>&1 && fail "commitrefs.sh took a patch without Assisted-by" || ok

# make apply on a tree the series does not apply to: the patch is named,
# and the tree is left exactly as it was.
git init -q "$tmp/tree"
echo "not a kernel" >"$tmp/tree/README"
git -C "$tmp/tree" add README
git -C "$tmp/tree" commit -q -m "not a kernel"
head=$(git -C "$tmp/tree" rev-parse HEAD)
rc=0
"$h/apply.sh" "$tmp/tree" >"$tmp/out" 2>&1 || rc=$?
if [ $rc != 0 ] && grep -q "does not apply" "$tmp/out" && grep -q "$BASE_VERSION" "$tmp/out" &&
	[ "$(git -C "$tmp/tree" rev-parse HEAD)" = "$head" ] &&
	[ -z "$(git -C "$tmp/tree" status --porcelain)" ] &&
	[ ! -d "$tmp/tree/.git/rebase-apply" ]; then ok; else
	fail "apply.sh on a foreign tree: exit $rc, $(cat "$tmp/out")"; fi

# make export on a dirty build/linux is refused, naming the file.
echo "/* dirty */" >>"$ksrc/Makefile"
rc=0
"$h/export.sh" >"$tmp/out" 2>&1 || rc=$?
git -C "$ksrc" checkout -q -- Makefile
if [ $rc != 0 ] && grep -q "Makefile" "$tmp/out"; then ok; else fail "export.sh took a dirty tree"; fi

# make export is byte-identical when nothing changed: twice in a row,
# and patches/ as committed in this repository.
if "$h/export.sh" --check >"$tmp/out" 2>&1 && "$h/export.sh" --check >>"$tmp/out" 2>&1; then ok; else
	fail "export.sh --check: $(cat "$tmp/out")"; fi

# Every file the series adds has the amd-gfx list among its maintainers.
for f in $(git -C "$ksrc" diff --name-only --diff-filter=A base..HEAD); do
	if (cd "$ksrc" && ./scripts/get_maintainer.pl --no-git --no-git-fallback -f "$f") 2>/dev/null |
		grep -q "amd-gfx@lists.freedesktop.org"; then ok; else
		fail "$f: scripts/get_maintainer.pl does not name amd-gfx; add a MAINTAINERS entry"; fi
done

# The kernel-doc and coccinelle gates take the base's findings, also when
# a patch moves them, and refuse the ones a patch adds: on a small git
# tree whose scripts/ is the kernel's.
gt=$tmp/gate
mkdir -p "$gt/drivers/x"
git -C "$gt" init -q
ln -s "$ksrc/scripts" "$gt/scripts"
cat >"$gt/drivers/x/x.c" <<'EOF'
// SPDX-License-Identifier: GPL-2.0
#include <linux/slab.h>

/**
 * x_old() - the base's function: no Return section, a test before kfree()
 * @p: a pointer
 */
int x_old(void *p)
{
	if (p)
		kfree(p);
	return 0;
}
EOF
git -C "$gt" add -A
git -C "$gt" commit -q -m base
git -C "$gt" tag base
sed -i 's/^#include <linux\/slab.h>$/#include <linux\/types.h>\n&/' "$gt/drivers/x/x.c"
cat >>"$gt/drivers/x/x.c" <<'EOF'

/**
 * x_good() - a function with a complete kernel-doc comment
 * @a: a number
 *
 * Return: @a
 */
int x_good(int a)
{
	return a;
}
EOF
git -C "$gt" commit -q -a -m good
gate() {
	rc=0
	GATE_KSRC=$gt COCCI=scripts/coccinelle/free/ifnullfree.cocci "$h/$1" >"$tmp/out" 2>&1 || rc=$?
	echo $rc
}
[ "$(gate kerneldoc.sh)" = 0 ] && ok || fail "kerneldoc.sh refused the base's own warning: $(cat "$tmp/out")"
[ "$(gate coccinelle.sh)" = 0 ] && ok || fail "coccinelle.sh refused the base's own finding: $(cat "$tmp/out")"
cat >>"$gt/drivers/x/x.c" <<'EOF'

/**
 * x_new() - a function whose parameter is not described
 */
int x_new(void *q)
{
	if (q)
		kfree(q);
	return 0;
}
EOF
git -C "$gt" commit -q -a -m bad
[ "$(gate kerneldoc.sh)" != 0 ] && grep -q "'q' not described in 'x_new'" "$tmp/out" && ok ||
	fail "kerneldoc.sh took a new kernel-doc warning: $(cat "$tmp/out")"
[ "$(gate coccinelle.sh)" != 0 ] && grep -q "ifnullfree" "$tmp/out" && ok ||
	fail "coccinelle.sh took a new finding of ifnullfree.cocci: $(cat "$tmp/out")"

# The sparse gate, given another tree, checks it in a build directory of
# its own and refuses a finding its one commit adds to a file of the
# x86_64-4k kernel.  The worktree and its objects stay in build/ for the
# next run.
st=$build/selftest-sparse
ksrc_worktree "$st" base
git -C "$st" checkout -q -f --detach base
echo 'int amdgpu_selftest_sparse(void __iomem *p) { return *(int *)p; }' >>"$st/drivers/gpu/drm/amd/amdgpu/amdgpu_ih.c"
git -C "$st" commit -q -a -m "a sparse finding"
rc=0
GATE_KSRC=$st "$h/sparse.sh" >"$tmp/out" 2>&1 || rc=$?
[ $rc != 0 ] && grep -q "amdgpu_ih.c:N: warning: cast removes address space" "$tmp/out" && ok ||
	fail "sparse.sh took a new finding: exit $rc, $(cat "$tmp/out")"

echo "  SELFTEST $n tests, $bad failed"
[ $bad = 0 ]
