# SPDX-License-Identifier: GPL-2.0
# The non-4K page size series for amdgpu/amdkfd, and the harness that
# proves it.  See README.md.

TARGET ?= ppc64le-64k
CHECK_TARGETS ?= $(notdir $(wildcard targets/*))
H := harness

.PHONY: all build kunit check export apply checkpatch sparse kerneldoc coccinelle docs bisect abi footprint selftest deps tree clean distclean

all: build

deps:
	@$(H)/deps.sh

# build/linux: the base as a git tree, with patches/ applied on branch "series"
tree: deps
	@$(H)/fetch-base.sh
	@$(H)/apply.sh

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

# bytes of GTT, VRAM and doorbell BAR, base and series, 4/16/64 KiB pages,
# from the KUnit run of each target (make check runs them)
footprint:
	@$(H)/footprint.sh

selftest: tree
	@$(H)/selftest.sh

export:
	@$(H)/export.sh

apply:
	@test -n "$(KSRC)" || { echo "usage: make apply KSRC=/path/to/your/kernel/git/tree" >&2; exit 2; }
	@$(H)/apply.sh "$(KSRC)"

# Build outputs only: the base package, build/linux and ccache stay.
clean:
	rm -rf $(addprefix build/,$(notdir $(wildcard targets/*))) build/export.tmp build/*.log
	rm -rf $(addprefix build/bisect-,$(notdir $(wildcard targets/*))) build/kerneldoc build/coccinelle build/docs

distclean:
	rm -rf build
