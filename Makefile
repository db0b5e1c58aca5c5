# SPDX-License-Identifier: GPL-2.0
# The non-4K page size postings for amdgpu/amdkfd, and the harness that
# proves them.  See README.md.

TARGET ?= ppc64le-64k
CHECK_TARGETS ?= $(notdir $(wildcard targets/*))
H := harness

.PHONY: all build kunit check export apply checkpatch sparse kerneldoc coccinelle docs bisect abi footprint selftest deps tree stable userspace fresh clean distclean

all: build

deps:
	@$(H)/deps.sh

# build/linux: the base as a git tree, with the postings of patches/
# applied on branch "series", each tagged posting/NAME; and
# build/base-tree, the base checked out for the gates
tree: deps
	@$(H)/fetch-base.sh
	@$(H)/apply.sh
	@$(H)/basetree.sh

build: tree
	@$(H)/build.sh $(TARGET)

kunit: build
	@$(H)/kunit.sh $(TARGET)

check: tree
	@CHECK_TARGETS="$(CHECK_TARGETS)" $(H)/check.sh

checkpatch: tree
	@$(H)/checkpatch.sh

sparse: tree
	@$(H)/sparse.sh

kerneldoc: tree
	@$(H)/kerneldoc.sh

coccinelle: tree
	@$(H)/coccinelle.sh

docs: tree
	@$(H)/docs.sh

# every patch, in order, builds with no new W=1 warning: on every target,
# or on TARGET when it is given
bisect: tree
	@FROM="$(FROM)" $(H)/bisect.sh $(if $(filter command line environment,$(origin TARGET)),$(TARGET))

# the series' uapi, compiled for every target against its exported headers
abi: tree
	@$(H)/abi.sh

# bytes of GTT, VRAM and doorbell BAR, before and after the series, 4/16/64
# KiB pages, from the KUnit run of each target (make check runs them)
footprint:
	@$(H)/footprint.sh

selftest: tree
	@$(H)/selftest.sh

# patches/ from build/linux; with SENDER="Name <address>", the mboxes of
# the postings from that sender, into build/mail/
export:
	@SENDER="$(SENDER)" $(H)/export.sh

# the postings up to UPTO (default: all) onto your own kernel tree
apply:
	@test -n "$(KSRC)" || { echo "usage: make apply KSRC=/path/to/your/kernel/git/tree [UPTO=1-fixes]" >&2; exit 2; }
	@$(H)/apply.sh "$(KSRC)" "$(UPTO)"

# the patches with Cc: stable, against the stable trees Debian ships
stable: tree
	@$(H)/stable.sh

# the libhsakmt change of userspace/rocm-systems, built and tested against
# a rocm-systems checkout (ROCM_SYSTEMS=dir)
userspace:
	@$(H)/userspace.sh

# make and make check as a new user runs them, in a fresh Debian 12 root
# (QUICK=1: only make deps, and every program the harness runs is there)
fresh:
	@QUICK="$(QUICK)" WORKTREE="$(WORKTREE)" $(H)/fresh.sh

# Build outputs and what the gates wrote: the base package, build/linux,
# the base tree and the compiler cache stay.
clean:
	rm -rf $(addprefix build/,$(notdir $(wildcard targets/*))) build/stack build/bisect-* \
		build/abi build/apply build/checkpatch build/coccinelle build/docs build/export \
		build/footprint build/kerneldoc build/mail build/mailcheck build/selftest \
		build/sparse build/stable build/userspace

distclean:
	rm -rf build
