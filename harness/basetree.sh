#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# basetree.sh: build/base-tree, a worktree of the base commit, in which the
# gates read the base's files: made once, by make tree.
set -eu
. "$(dirname "$0")/common.sh"
base_tree >/dev/null
