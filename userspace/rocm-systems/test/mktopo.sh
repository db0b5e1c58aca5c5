#!/bin/sh
# SPDX-License-Identifier: MIT
#
# mktopo.sh DIR - write a fake KFD sysfs topology under DIR/topology for
# fake_kfd.so: node 0 a CPU, nodes 1 to 3 MI210-like GPUs (gfx90a) whose
# capability2 says:
#   node 1: HDP flush ioctl supported (the test has the fake refuse its
#           MMIO remap page: a kernel with 64 KiB pages)
#   node 2: HDP flush ioctl supported (its MMIO remap page is given)
#   node 3: no HDP flush ioctl (the fake refuses its MMIO remap page: an
#           SR-IOV VF)
# Values of capability2 bits: include/uapi/linux/kfd_sysfs.h (fake_kfd.h).
set -eu

dir=${1:?usage: mktopo.sh DIR}
cap2_hdp_flush_supported=8	# 0x8

topo=$dir/topology
rm -rf "$topo"
mkdir -p "$topo/nodes"
echo 1 > "$topo/generation_id"
printf 'platform_oem 0\nplatform_id 0\nplatform_rev 0\n' > "$topo/system_properties"

# node NODE GPU_ID CAPABILITY2
node() {
	d=$topo/nodes/$1
	mkdir -p "$d/mem_banks" "$d/caches" "$d/io_links" "$d/p2p_links"
	echo "$2" > "$d/gpu_id"
	echo "" > "$d/name"
	if [ "$2" = 0 ]; then
		cat > "$d/properties" <<-EOF
		cpu_cores_count 2
		simd_count 0
		mem_banks_count 0
		caches_count 0
		io_links_count 0
		p2p_links_count 0
		cpu_core_id_base 0
		simd_id_base 0
		capability 0
		capability2 0
		drm_render_minor 0
		gfx_target_version 0
		EOF
		return
	fi
	cat > "$d/properties" <<-EOF
	cpu_cores_count 0
	simd_count 416
	mem_banks_count 0
	caches_count 0
	io_links_count 0
	p2p_links_count 0
	cpu_core_id_base 0
	simd_id_base $((2147487744 + $1 * 16))
	max_waves_per_simd 8
	lds_size_in_kb 64
	gds_size_in_kb 0
	num_gws 64
	wave_front_size 64
	array_count 8
	simd_arrays_per_engine 1
	cu_per_simd_array 13
	simd_per_cu 4
	max_slots_scratch_cu 32
	gfx_target_version 90010
	vendor_id 4098
	device_id 29711
	location_id $(($1 * 256))
	domain 0
	drm_render_minor $((127 + $1))
	hive_id 0
	num_sdma_engines 2
	num_sdma_xgmi_engines 3
	num_sdma_queues_per_engine 8
	num_cp_queues 24
	max_engine_clk_fcompute 1700
	local_mem_size 0
	fw_version 78
	capability 0
	capability2 $3
	debug_prop 0
	sdma_fw_version 8
	unique_id $((1000 + $1))
	num_xcc 1
	max_engine_clk_ccompute 0
	EOF
}

node 0 0 0
node 1 40961 $cap2_hdp_flush_supported
node 2 45058 $cap2_hdp_flush_supported
node 3 49155 0
