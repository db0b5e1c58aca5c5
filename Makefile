# SPDX-License-Identifier: GPL-2.0
# The non-4K page size postings for amdgpu/amdkfd, and the harness that
# proves them.  See README.md.

TARGET ?= ppc64le-64k
CHECK_TARGETS ?=
H := harness
# the gates of make check (harness/data/gates): each is a target of its own
GATES := $(shell awk '!/^\#/ && NF { print $$1 }' $(H)/data/gates)

.PHONY: all deps tree build kunit check export apply bisect stable commands fresh clean distclean $(GATES)

all: build

deps:
	@$(H)/deps.sh

# build/linux: the base as a git tree, with the postings of patches/
# applied on branch "series", each tagged posting/NAME; and
# build/base-tree, the base checked out for the gates
tree: deps
	@$(H)/tree.sh

build: tree
	@$(H)/build.sh $(TARGET)

kunit: build
	@$(H)/kunit.sh $(TARGET)

# every kernel built and booted, then every gate
check: tree
	@CHECK_TARGETS="$(CHECK_TARGETS)" $(H)/check.sh

# one gate alone; one that needs a kernel or a KUnit run says which
$(GATES): tree
	@$(H)/$@.sh

# every patch, in order, builds with no new W=1 warning: on every target,
# or on TARGET when it is given; from patch FROM, up to posting UPTO
bisect: tree
	@FROM="$(FROM)" UPTO="$(UPTO)" $(H)/bisect.sh $(if $(filter command line environment,$(origin TARGET)),$(TARGET))

# patches/ from build/linux, and the mboxes into build/mail/; with
# SENDER="Name <address>", only the mboxes, from that sender
export:
	@SENDER="$(SENDER)" $(H)/export.sh

# the postings up to UPTO (default: all) onto your own kernel tree
apply:
	@test -n "$(KSRC)" || { echo "usage: make apply KSRC=/path/to/your/kernel/git/tree [UPTO=1-fixes]" >&2; exit 2; }
	@$(H)/apply.sh "$(KSRC)" "$(UPTO)"

# the patches with Cc: stable, against the stable trees Debian ships
stable: tree
	@$(H)/stable.sh

# every kunit.py command of the cover letters and the documentation, run
# as written (a cold kernel build each: not part of make check)
commands: tree
	@$(H)/commands.sh

# make and make check as a new user runs them, in a fresh Debian 12 root
# (QUICK=1: only make deps, and every program the harness runs is there)
fresh:
	@QUICK="$(QUICK)" WORKTREE="$(WORKTREE)" $(H)/fresh.sh

# Build outputs and what the gates wrote: the base package, build/linux,
# the base tree and the compiler cache stay.
clean:
	rm -rf $(addprefix build/,$(notdir $(wildcard targets/*)) $(GATES) stack bisect-* \
		apply export mail-test stable commands check.plan)

distclean:
	rm -rf build
