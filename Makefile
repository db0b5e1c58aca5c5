# SPDX-License-Identifier: GPL-2.0
# The non-4K page size series for amdgpu/amdkfd, and the harness that
# proves it.  See README.md.

TARGET ?= ppc64le-64k
CHECK_TARGETS ?= $(notdir $(wildcard targets/*))
H := harness

.PHONY: all build kunit check export apply checkpatch sparse selftest deps tree clean distclean

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

distclean:
	rm -rf build
