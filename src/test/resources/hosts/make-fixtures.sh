#!/usr/bin/env bash
# No "device" links: in sysfs they point back at an ancestor (a cycle); the reader does not use them.
# Builds the sysfs/procfs fixture trees of the seeds' machines (see README.md for what comes from
# which seed line and what is constructed). Run from this directory; it rewrites the trees it owns
# (not vm-virtio, which is a real capture made with `wirespeed doctor --capture`).
set -euo pipefail
cd "$(dirname "$0")"

R=
f() { mkdir -p "$(dirname "$R/$1")"; printf '%s\n' "$2" > "$R/$1"; }
l() { mkdir -p "$(dirname "$R/$1")"; ln -sfn "$2" "$R/$1"; }
start() { R=$1; rm -rf "$R"; mkdir -p "$R"; }

# /proc/modules (proc(5)): name size refcount users state address; seed 000 l.1410-1417 (lsmod | grep ^ib)
MODULES_NO_RPCRDMA="ib_ipoib 327680 0 - Live 0x0000000000000000
ib_cm 262144 3 rdma_cm,ib_ipoib,ib_srpt, Live 0x0000000000000000
ib_uverbs 327680 2 rdma_ucm,mlx5_ib, Live 0x0000000000000000
ib_core 458752 11 rdma_cm,ib_ipoib,ib_srpt,iw_cm,ib_iser,ib_umad,ib_isert,rdma_ucm,ib_uverbs,mlx5_ib,ib_cm, Live 0x0000000000000000
nfsd 532480 13 - Live 0x0000000000000000"
MODULES_RPCRDMA="rpcrdma 286720 0 - Live 0x0000000000000000
$MODULES_NO_RPCRDMA"

# pci ADDR BRIDGE VENDOR DEVICE DRIVER NUMA CPULIST CUR_SPEED CUR_WIDTH MAX_SPEED MAX_WIDTH
pci() {
  local d="sys/devices/pci0000:00/$2/$1"
  f "$d/vendor" "$3"; f "$d/device" "$4"; f "$d/numa_node" "$6"; f "$d/local_cpulist" "$7"
  f "$d/current_link_speed" "$8"; f "$d/current_link_width" "$9"
  f "$d/max_link_speed" "${10}"; f "$d/max_link_width" "${11}"
  l "$d/driver" "../../../../bus/pci/drivers/$5"
  l "sys/bus/pci/devices/$1" "../../../devices/pci0000:00/$2/$1"
}
# net NAME ADDR BRIDGE TYPE OPERSTATE CARRIER FLAGS SPEED MTU [IPOIB_MODE]
net() {
  local d="sys/devices/pci0000:00/$3/$2/net/$1"
  f "$d/type" "$4"; f "$d/operstate" "$5"; f "$d/flags" "$7"; f "$d/speed" "$8"; f "$d/mtu" "$9"
  [ -n "$6" ] && f "$d/carrier" "$6"
  f "$d/address" "00:00:00:00:00:00"
  [ -n "${10:-}" ] && f "$d/mode" "${10}"
  l "sys/class/net/$1" "../../devices/pci0000:00/$3/$2/net/$1"
}
# bridge ADDR MAX_SPEED MAX_WIDTH   (the upstream port of a slot: what the slot is wired for)
bridge() {
  local d="sys/devices/pci0000:00/$1"
  f "$d/max_link_speed" "$2"; f "$d/max_link_width" "$3"
}
# vnet NAME TYPE OPERSTATE FLAGS MTU   (no device behind it)
vnet() {
  local d="sys/devices/virtual/net/$1"
  f "$d/type" "$2"; f "$d/operstate" "$3"; f "$d/flags" "$4"; f "$d/mtu" "$5"
  l "sys/class/net/$1" "../../devices/virtual/net/$1"
}
# rdma DEV ADDR BRIDGE HCA_TYPE FW BOARD_ID NODE_GUID
rdma() {
  local d="sys/devices/pci0000:00/$3/$2/infiniband/$1"
  f "$d/node_type" "1: CA"; f "$d/hca_type" "$4"; f "$d/fw_ver" "$5"; f "$d/board_id" "$6"
  f "$d/node_guid" "$7"; f "$d/sys_image_guid" "$7"
  l "sys/class/infiniband/$1" "../../devices/pci0000:00/$3/$2/infiniband/$1"
}
# port DEV ADDR BRIDGE N STATE PHYS_STATE RATE LINK_LAYER LID SM_LID [NDEV]
port() {
  local d="sys/devices/pci0000:00/$3/$2/infiniband/$1/ports/$4"
  f "$d/state" "$5"; f "$d/phys_state" "$6"; f "$d/rate" "$7"; f "$d/link_layer" "$8"
  f "$d/lid" "$9"; f "$d/sm_lid" "${10}"; f "$d/gids/0" "fe80:0000:0000:0000:0000:0000:0000:0000"
  [ -n "${11:-}" ] && f "$d/gid_attrs/ndevs/0" "${11}"
  return 0
}
# ecn NAME ADDR BRIDGE "NP_PRIOS" "RP_PRIOS"   (mlx5's RoCE ECN per priority; listed priorities on)
ecn() {
  local d="sys/devices/pci0000:00/$3/$2/net/$1/ecn" p on
  for side in roce_np roce_rp; do
    for p in 0 1 2 3 4 5 6 7; do
      on=0
      case " $([ $side = roce_np ] && echo "$4" || echo "$5") " in *" $p "*) on=1 ;; esac
      f "$d/$side/enable/$p" $on
    done
  done
}
cpus() { f sys/devices/system/cpu/online "$1"; }
node() { f "sys/devices/system/node/node$1/cpulist" "$2"; }
# policy N AFFECTED_CPUS GOVERNOR DRIVER
policy() {
  local d="sys/devices/system/cpu/cpufreq/policy$1"
  f "$d/affected_cpus" "$2"; f "$d/scaling_governor" "$3"; f "$d/scaling_driver" "$4"
}
snmp() {
  f proc/net/snmp "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails EstabResets CurrEstab InSegs OutSegs RetransSegs InErrs OutRsts InCsumErrors
Tcp: 1 200 120000 -1 1000 900 3 20 12 5000000 6000000 $1 0 40 0"
}
mounts() { f proc/mounts "$1"; }
# stats NAME ADDR BRIDGE name=value ...   (/sys/class/net/NAME/statistics: the kernel's 23 files, 0 unless given)
stats() {
  local d="sys/devices/pci0000:00/$3/$2/net/$1/statistics" n v; shift 3
  for n in collisions multicast rx_bytes rx_compressed rx_crc_errors rx_dropped rx_errors rx_fifo_errors \
      rx_frame_errors rx_length_errors rx_missed_errors rx_nohandler rx_over_errors rx_packets tx_aborted_errors \
      tx_bytes tx_carrier_errors tx_compressed tx_dropped tx_errors tx_fifo_errors tx_heartbeat_errors \
      tx_packets tx_window_errors; do f "$d/$n" 0; done
  for v in "$@"; do f "$d/${v%%=*}" "${v#*=}"; done
}
# tc_qdisc NAME DROPPED   (what `tc -s qdisc show dev NAME` printed: mq root over fq_codel children, iproute2's layout)
tc_qdisc() {
  f ".wirespeed/tc-s-qdisc/$1" "qdisc mq 0: root 
 Sent 2655285206479 bytes 896117891 pkt (dropped $2, overlimits 0 requeues 1733) 
 backlog 0b 0p requeues 1733
qdisc fq_codel 0: parent :1 limit 10240p flows 1024 quantum 1514 target 5ms interval 100ms memory_limit 32Mb ecn drop_batch 64 
 Sent 331910650810 bytes 112014736 pkt (dropped $2, overlimits 0 requeues 216) 
 backlog 0b 0p requeues 216"
}
# ethtool_s NAME TEXT   (what `ethtool -S NAME` printed; doctor reads it from the tree, see CounterReader)
ethtool_s() { f ".wirespeed/ethtool-S/$1" "$2"; }
# ibcounters DEV ADDR BRIDGE PORT name=value ...   (ports/N/counters: the IBA PortCounters files, 0 unless given)
ibcounters() {
  local d="sys/devices/pci0000:00/$3/$2/infiniband/$1/ports/$4/counters" n v; shift 4
  for n in excessive_buffer_overrun_errors link_downed link_error_recovery local_link_integrity_errors \
      multicast_rcv_packets multicast_xmit_packets port_rcv_constraint_errors port_rcv_data port_rcv_errors \
      port_rcv_packets port_rcv_remote_physical_errors port_rcv_switch_relay_errors port_xmit_constraint_errors \
      port_xmit_data port_xmit_discards port_xmit_packets port_xmit_wait symbol_error unicast_rcv_packets \
      unicast_xmit_packets VL15_dropped; do f "$d/$n" 0; done
  for v in "$@"; do f "$d/${v%%=*}" "${v#*=}"; done
}
# hwcounters DEV ADDR BRIDGE PORT name=value ...   (ports/N/hw_counters of mlx5, 0 unless given)
hwcounters() {
  local d="sys/devices/pci0000:00/$3/$2/infiniband/$1/ports/$4/hw_counters" n v; shift 4
  for n in duplicate_request implied_nak_seq_err lifespan local_ack_timeout_err np_cnp_sent np_ecn_marked_roce_packets \
      out_of_buffer out_of_sequence packet_seq_err req_cqe_error req_remote_access_errors \
      resp_cqe_error rnr_nak_retry_err roce_adp_retrans rp_cnp_handled rx_icrc_encapsulated rx_read_requests \
      rx_write_requests; do f "$d/$n" 0; done
  f "$d/lifespan" 10
  for v in "$@"; do f "$d/${v%%=*}" "${v#*=}"; done
}
# netstat BACKLOG_DROP RCVQ_DROP LISTEN_OVERFLOWS   (/proc/net/netstat TcpExt, a subset of the kernel's columns)
netstat() {
  f proc/net/netstat "TcpExt: SyncookiesSent SyncookiesRecv SyncookiesFailed PruneCalled RcvPruned OfoPruned ListenOverflows ListenDrops TCPLostRetransmit TCPBacklogDrop TCPRcvQDrop TCPOFODrop TCPZeroWindowDrop
TcpExt: 0 0 0 0 0 0 $3 $3 0 $1 $2 0 0
IpExt: InNoRoutes InTruncatedPkts InMcastPkts OutMcastPkts InOctets OutOctets
IpExt: 0 0 0 0 900000000000 800000000000"
}
# snmp_out RETRANS OUTSEGS
snmp_out() {
  f proc/net/snmp "Tcp: RtoAlgorithm RtoMin RtoMax MaxConn ActiveOpens PassiveOpens AttemptFails EstabResets CurrEstab InSegs OutSegs RetransSegs InErrs OutRsts InCsumErrors
Tcp: 1 200 120000 -1 1000 900 3 20 12 5000000 $2 $1 0 40 0
Udp: InDatagrams NoPorts InErrors OutDatagrams RcvbufErrors SndbufErrors InCsumErrors IgnoredMulti MemErrors
Udp: 1000 2 0 1000 0 0 0 0 0"
}
# mlx5_ethtool_s NAME key=value ...   (the port-wide mlx5_core `ethtool -S` names of the kernel's mlx5 counters.rst; 0 unless given)
mlx5_ethtool_s() {
  local name=$1 n v text="NIC statistics:"; shift
  declare -A val=()
  for v in "$@"; do val[${v%%=*}]=${v#*=}; done
  for n in rx_packets rx_bytes tx_packets tx_bytes tx_tso_packets rx_csum_complete rx_xdp_drop tx_queue_stopped \
      tx_queue_wake rx_wqe_err rx_buff_alloc_err rx_cache_full rx_out_of_buffer rx_if_down_packets \
      rx_packets_phy rx_bytes_phy tx_packets_phy tx_bytes_phy rx_crc_errors_phy rx_in_range_len_errors_phy \
      rx_symbol_err_phy rx_discards_phy tx_discards_phy tx_errors_phy rx_undersize_pkts_phy rx_oversize_pkts_phy \
      link_down_events_phy rx_pause_ctrl_phy tx_pause_ctrl_phy rx_prio0_pause rx_prio0_pause_duration \
      tx_prio0_pause tx_prio0_pause_duration rx_prio3_pause tx_prio3_pause tx_pause_storm_warning_events \
      tx_pause_storm_error_events rx_corrected_bits_phy rx0_packets rx0_bytes rx0_buff_alloc_err tx0_packets \
      tx0_bytes ch0_events ch0_arm; do
    text+=$'\n'"     $n: ${val[$n]:-0}"
  done
  ethtool_s "$name" "$text"
}
ROOTFS="/dev/sda2 / ext4 rw,relatime 0 0
proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0"

# --- seed 004: GW-R86S, ConnectX-4 Lx MCX4421A in the OCP slot: PCIe 3.0 x4 of x8, two 25G ports, MTU 9000
start r86s-004
cpus 0-3; node 0 0-3
for i in 1 2 3; do
  pci "0000:0$i:00.0" "0000:00:1c.$((i - 1))" 0x8086 0x125c igc 0 0-3 "5.0 GT/s PCIe" 1 "5.0 GT/s PCIe" 1
  net "enp${i}s0" "0000:0$i:00.0" "0000:00:1c.$((i - 1))" 1 up 1 0x1003 2500 1500
done
for fn in 0 1; do
  a="0000:04:00.$fn"; b="0000:00:1c.3"
  pci "$a" "$b" 0x15b3 0x1015 mlx5_core 0 0-3 "8.0 GT/s PCIe" 4 "8.0 GT/s PCIe" 8
  net "enp4s0f${fn}np${fn}" "$a" "$b" 1 up 1 0x1003 25000 9000
  rdma "mlx5_$fn" "$a" "$b" MT4117 14.32.1010 MT_2470111034 "b8ce:f603:00aa:bb0$fn"
  port "mlx5_$fn" "$a" "$b" 1 "4: ACTIVE" "5: LinkUp" "25 Gb/sec (1X EDR)" Ethernet 0x0 0x0 "enp4s0f${fn}np${fn}"
done
# seed 004 l.23: the OCP connector "facilitates communication via PCIe 3.0 x4": its root port is x4 at most
bridge 0000:00:1c.3 "8.0 GT/s PCIe" 4
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS"; snmp 120

# --- seed 001: m02, ConnectX-4 at 5 GT/s x16 (IB mode, port INIT, no SM); ConnectX-3 at 5 GT/s x8; ConnectX-3 EN at x4
start m02-001
cpus 0-39; node 0 0-9,20-29; node 1 10-19,30-39
a=0000:03:00.0; b=0000:00:02.0
pci $a $b 0x15b3 0x1013 mlx5_core 0 0-9,20-29 "5.0 GT/s PCIe" 16 "8.0 GT/s PCIe" 16
net ibp3s0 $a $b 32 down 0 0x1003 -1 2044 datagram
rdma mlx5_0 $a $b MT4115 12.25.1020 MT_2180110032 "0002:c903:0021:2111"
port mlx5_0 $a $b 1 "2: INIT" "5: LinkUp" "100 Gb/sec (4X EDR)" InfiniBand 0xffff 0x0
a=0000:04:00.0; b=0000:00:03.0
pci $a $b 0x15b3 0x1003 mlx4_core 0 0-9,20-29 "5.0 GT/s PCIe" 8 "8.0 GT/s PCIe" 8
net ib0 $a $b 32 down 0 0x1003 -1 4092 datagram
net ib1 $a $b 32 down 0 0x1003 -1 4092 datagram
rdma mlx4_0 $a $b MT4099 2.42.5000 MT_1090120019 "ec0d:9a03:0000:08a0"
port mlx4_0 $a $b 1 "1: DOWN" "2: Polling" "10 Gb/sec (4X SDR)" InfiniBand 0x0 0x0
port mlx4_0 $a $b 2 "1: DOWN" "2: Polling" "10 Gb/sec (4X SDR)" InfiniBand 0x0 0x0
a=0000:06:00.0; b=0000:00:03.2
pci $a $b 0x15b3 0x1003 mlx4_core 0 0-9,20-29 "5.0 GT/s PCIe" 4 "8.0 GT/s PCIe" 8
net enp6s0 $a $b 1 up 1 0x1003 10000 1500
net enp6s0d1 $a $b 1 down 0 0x1003 -1 1500
rdma mlx4_1 $a $b MT4099 2.42.5000 MT_1680110023 "0002:c903:00cf:7090"
port mlx4_1 $a $b 1 "4: ACTIVE" "5: LinkUp" "10 Gb/sec (1X QDR)" Ethernet 0x0 0x0 enp6s0
port mlx4_1 $a $b 2 "1: DOWN" "2: Polling" "10 Gb/sec (1X QDR)" Ethernet 0x0 0x0 enp6s0d1
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS"; snmp 4521

# constructed: the processes of m02 before "systemctl start opensmd" (seed 001 l.646-652): no opensm
f proc/1/comm systemd; f proc/812/comm sshd; f proc/1044/comm rdma-ndd
# MLNX_OFED 4.6's units (seed 001 l.256: openibd.service loaded from /usr/lib/systemd/system; l.652 "systemctl
# start opensmd": MLNX_OFED's init script, whose LSB header Mellanox ships as "Provides: opensmd")
f usr/lib/systemd/system/openibd.service "[Unit]
Description=openibd - configure Mellanox devices"
f etc/init.d/opensmd "#!/bin/bash
### BEGIN INIT INFO
# Provides:       opensmd"


# --- seed 000: t3640, ConnectX-4 Lx with RoCE ports at 10G and 25G, NFS over RDMA (and over TCP)
start t3640-000
cpus 0-15; node 0 0-15
for fn in 0 1; do
  a="0000:01:00.$fn"; b=0000:00:01.0
  pci "$a" $b 0x15b3 0x1015 mlx5_core 0 0-15 "8.0 GT/s PCIe" 8 "8.0 GT/s PCIe" 8
  rdma "mlx5_$fn" "$a" $b MT4117 14.32.1010 MT_2420110034 "0c42:a103:00c1:d2e$fn"
done
net enp1s0f0np0 0000:01:00.0 0000:00:01.0 1 up 1 0x1003 10000 1500
net enp1s0f1np1 0000:01:00.1 0000:00:01.0 1 up 1 0x1003 25000 1500
port mlx5_0 0000:01:00.0 0000:00:01.0 1 "4: ACTIVE" "5: LinkUp" "10 Gb/sec (1X QDR)" Ethernet 0x0 0x0 enp1s0f0np0
port mlx5_1 0000:01:00.1 0000:00:01.0 1 "4: ACTIVE" "5: LinkUp" "25 Gb/sec (1X EDR)" Ethernet 0x0 0x0 enp1s0f1np1
ecn enp1s0f1np1 0000:01:00.1 0000:00:01.0 "" ""
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS
192.168.23.1:/tmp /mnt/nfs nfs4 rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=rdma,port=20049,timeo=600,retrans=2,sec=sys,clientaddr=192.168.23.2,local_lock=none,addr=192.168.23.1 0 0
192.168.23.1:/tmp /mnt/nfs-tcp nfs4 rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=192.168.23.2,local_lock=none,addr=192.168.23.1 0 0"
snmp 77
# seed 000 l.1417: ib_core used by rpcrdma (the NFS RDMA transport is loaded)
f proc/modules "$MODULES_RPCRDMA"

# --- seed 000: ft2000, the peer: 25G port up, second port Disabled
start ft2000-000
cpus 0-63
for n in 0 1 2 3 4 5 6 7; do node $n "$((n * 8))-$((n * 8 + 7))"; done
for fn in 0 1; do
  a="0000:10:00.$fn"; b=0000:00:00.0
  pci "$a" $b 0x15b3 0x1015 mlx5_core 0 0-7 "8.0 GT/s PCIe" 8 "8.0 GT/s PCIe" 8
  rdma "mlx5_$fn" "$a" $b MT4117 14.32.1010 MT_2420110034 "0c42:a103:00d5:e4f$fn"
done
net enp16s0f0np0 0000:10:00.0 0000:00:00.0 1 up 1 0x1003 25000 1500
net enp16s0f1np1 0000:10:00.1 0000:00:00.0 1 down "" 0x1002 -1 1500
port mlx5_0 0000:10:00.0 0000:00:00.0 1 "4: ACTIVE" "5: LinkUp" "25 Gb/sec (1X EDR)" Ethernet 0x0 0x0 enp16s0f0np0
port mlx5_1 0000:10:00.1 0000:00:00.0 1 "1: DOWN" "3: Disabled" "40 Gb/sec (4X QDR)" Ethernet 0x0 0x0 enp16s0f1np1
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS"; snmp 3
# seed 000 l.1580-1592: svcrdma loaded, "echo rdma 20049 > /proc/fs/nfsd/portlist"
f proc/modules "$MODULES_RPCRDMA"
f proc/fs/nfsd/portlist "rdma 20049
tcp 2049"

# --- seed 000, constructed: the t3640 client before "modprobe xprtrdma" (l.1602), acting as an NFS
# server too whose nfsd listens on TCP only (before "echo rdma 20049 > portlist", l.1592)
start nfs-rdma-broken-000
for fn in 0 1; do
  a="0000:01:00.$fn"; b=0000:00:01.0
  pci "$a" $b 0x15b3 0x1015 mlx5_core 0 0-15 "8.0 GT/s PCIe" 8 "8.0 GT/s PCIe" 8
  rdma "mlx5_$fn" "$a" $b MT4117 14.32.1010 MT_2420110034 "0c42:a103:00c1:d2e$fn"
  net "enp1s0f${fn}np$fn" "$a" $b 1 up 1 0x1003 25000 9000
  port "mlx5_$fn" "$a" $b 1 "4: ACTIVE" "5: LinkUp" "25 Gb/sec (1X EDR)" Ethernet 0x0 0x0 "enp1s0f${fn}np$fn"
done
mounts "$ROOTFS
192.168.23.1:/tmp /mnt/nfs nfs4 rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=rdma,port=20049,timeo=600,retrans=2,sec=sys,clientaddr=192.168.23.2,local_lock=none,addr=192.168.23.1 0 0"
f proc/modules "$MODULES_NO_RPCRDMA"
f proc/fs/nfsd/portlist "tcp 2049
udp 2049"

# --- seed 002: two BlueField-2 DPUs, 200GbE each, PCIe 4.0 x16; CPU frequency not at max
start bluefield2-002
cpus 0-191; node 0 0-191
for p in 0 1 2 3; do policy $p "$((p * 48))-$((p * 48 + 47))" schedutil acpi-cpufreq; done
i=0
for bus in 21 61; do
  a="0000:$bus:00.0"; b="0000:$(printf %02x $((0x$bus - 1))):01.1"
  name="enp$((0x$bus))s0f0np0"
  pci "$a" "$b" 0x15b3 0xa2d6 mlx5_core 0 0-191 "16.0 GT/s PCIe" 16 "16.0 GT/s PCIe" 16
  net "$name" "$a" "$b" 1 up 1 0x1003 200000 9000
  rdma "mlx5_$i" "$a" "$b" MT41686 24.31.0356 MT_0000000765 "b8ce:f603:00fd:0d8$i"
  port "mlx5_$i" "$a" "$b" 1 "4: ACTIVE" "5: LinkUp" "200 Gb/sec (4X HDR)" Ethernet 0x0 0x0 "$name"
  ecn "$name" "$a" "$b" "3" "3"
  i=$((i + 1))
done
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS"; snmp 0

# --- seed 003: ConnectX-5 InfiniBand node, IPoIB ib0 in datagram mode at MTU 2044, governor ondemand
start ib-node-003
cpus 0-31; node 0 0-31
for p in $(seq 0 31); do policy $p $p ondemand acpi-cpufreq; done
a=0000:61:00.0; b=0000:60:03.1
pci $a $b 0x15b3 0x1017 mlx5_core 0 0-31 "8.0 GT/s PCIe" 16 "8.0 GT/s PCIe" 16
net ib0 $a $b 32 up 1 0x1003 100000 2044 datagram
rdma mlx5_0 $a $b MT4119 16.32.1010 MT_0000000010 "043f:7203:00da:2130"
port mlx5_0 $a $b 1 "4: ACTIVE" "5: LinkUp" "100 Gb/sec (4X EDR)" InfiniBand 0x6406 0x75
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS"; snmp 12

# --- issue 26, constructed: a Debian 12 host with the distribution's RDMA stack (its opensm package:
# /lib/systemd/system/opensm.service, as packages.debian.org lists it for bookworm) and seed 001's ConnectX-3
# VPI MCX354A-FCB (PSID MT_1090120019, seed 001 l.203-205): port 1 cabled back to back with no subnet manager
# (INIT, SM LID 0, ib0 down), port 2 on a switch whose SM (LID 1) made it ACTIVE at 4X FDR, ib1 in datagram
# mode at MTU 2044; an NFS mount over TCP beside the active RDMA port. No /proc/PID: no process was looked at.
start ib-init-inbox-026
cpus 0-7; node 0 0-7
a=0000:05:00.0; b=0000:00:1c.4
pci $a $b 0x15b3 0x1003 mlx4_core 0 0-7 "8.0 GT/s PCIe" 8 "8.0 GT/s PCIe" 8
net ib0 $a $b 32 down 0 0x1003 -1 2044 datagram
net ib1 $a $b 32 up 1 0x1003 56000 2044 datagram
rdma mlx4_0 $a $b MT4099 2.42.5000 MT_1090120019 "ec0d:9a03:0000:1230"
port mlx4_0 $a $b 1 "2: INIT" "5: LinkUp" "56 Gb/sec (4X FDR)" InfiniBand 0xffff 0x0 ib0
port mlx4_0 $a $b 2 "4: ACTIVE" "5: LinkUp" "56 Gb/sec (4X FDR)" InfiniBand 0x2 0x1 ib1
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS
192.168.30.1:/export /mnt/data nfs4 rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr=192.168.30.2,local_lock=none,addr=192.168.30.1 0 0"
snmp 10
f lib/systemd/system/opensm.service "[Unit]
Description=Starts the OpenSM InfiniBand fabric Subnet Manager"

# --- seed 000: tj01-h20-node139, eight ConnectX-7 at 2X NDR (NDR200), healthy
start ndr200-node-000
cpus 0-15; node 0 0-7; node 1 8-15
for p in $(seq 0 15); do policy $p $p performance intel_pstate; done
pci 0000:18:00.0 0000:17:01.0 0x8086 0x1521 igb 0 0-7 "5.0 GT/s PCIe" 4 "5.0 GT/s PCIe" 4
net eno1 0000:18:00.0 0000:17:01.0 1 up 1 0x1003 1000 1500
set -- 41:0x70 59:0x2b 75:0x80 93:0x6e 171:0x29 187:0x6f 203:0x29 219:0x6a
for e in "$@"; do
  bus=${e%%:*}; lid=${e##*:}
  a=$(printf "0000:%02x:00.0" "$bus"); b=$(printf "0000:%02x:01.0" $((bus - 1)))
  numa=0; local=0-7; [ "$bus" -gt 128 ] && numa=1 && local=8-15
  pci "$a" "$b" 0x15b3 0x1021 mlx5_core $numa $local "32.0 GT/s PCIe" 16 "32.0 GT/s PCIe" 16
  net "ibp${bus}s0" "$a" "$b" 32 up 1 0x1003 200000 4092 datagram
  rdma "ibp${bus}s0" "$a" "$b" MT4129 28.39.1002 MT_0000000838 "a088:c203:00$(printf %02x "$bus"):0001"
  port "ibp${bus}s0" "$a" "$b" 1 "4: ACTIVE" "5: LinkUp" "200 Gb/sec (2X NDR)" InfiniBand "$lid" 0x4
  stats "ibp${bus}s0" "$a" "$b" rx_packets=3001200 rx_bytes=190022118002 tx_packets=2990021 tx_bytes=188001223001
  ibcounters "ibp${bus}s0" "$a" "$b" 1 port_rcv_data=47505529500 port_xmit_data=47000305750 port_rcv_packets=3001200 \
    port_xmit_packets=2990021
  hwcounters "ibp${bus}s0" "$a" "$b" 1
done
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS"; snmp 0

# --- issue 18: counters. A ConnectX-4 Lx 25GbE host whose first port drops and errs, its second port clean
# (names: the kernel's mlx5 counters.rst and a real mlx5_core `ethtool -S` of ethq issue #8; values constructed)
start mlx5-counters-018
cpus 0-15; node 0 0-15
for fn in 0 1; do
  a="0000:41:00.$fn"; b="0000:40:01.1"
  pci "$a" "$b" 0x15b3 0x1015 mlx5_core 0 0-15 "8.0 GT/s PCIe" 16 "8.0 GT/s PCIe" 16
  net "enp65s0f${fn}np${fn}" "$a" "$b" 1 up 1 0x1003 25000 9000
  rdma "mlx5_$fn" "$a" "$b" MT4117 14.32.1010 MT_2420110034 "0c42:a103:0012:340$fn"
  port "mlx5_$fn" "$a" "$b" 1 "4: ACTIVE" "5: LinkUp" "25 Gb/sec (1X EDR)" Ethernet 0x0 0x0 "enp65s0f${fn}np${fn}"
  ibcounters "mlx5_$fn" "$a" "$b" 1 port_rcv_data=93012440219 port_xmit_data=88123004177 port_rcv_packets=401220931 port_xmit_packets=398822100
  hwcounters "mlx5_$fn" "$a" "$b" 1
done
hwcounters mlx5_0 0000:41:00.0 0000:40:01.1 1 out_of_buffer=4182 resp_cqe_error=27
a=0000:41:00.0; b=0000:40:01.1
stats enp65s0f0np0 $a $b rx_packets=845320277 rx_bytes=2195783498134 tx_packets=896117891 tx_bytes=2655285206479 \
  rx_crc_errors=1843 rx_errors=1843 rx_missed_errors=1203411
mlx5_ethtool_s enp65s0f0np0 rx_packets=845320277 rx_bytes=2195783498134 tx_packets=896117891 tx_bytes=2655285206479 \
  rx_out_of_buffer=1203411 rx_discards_phy=88310 rx_crc_errors_phy=1843 rx_symbol_err_phy=5120 \
  link_down_events_phy=7 rx_pause_ctrl_phy=120044 tx_pause_ctrl_phy=310 rx_prio3_pause=120044 \
  tx_pause_storm_warning_events=2 rx0_packets=52832517 rx0_buff_alloc_err=12
tc_qdisc enp65s0f0np0 4211
a=0000:41:00.1
stats enp65s0f1np1 $a $b rx_packets=12002 rx_bytes=8802211 tx_packets=11933 tx_bytes=7211023
mlx5_ethtool_s enp65s0f1np1 rx_packets=12002 rx_bytes=8802211 tx_packets=11933 tx_bytes=7211023 rx_corrected_bits_phy=0
tc_qdisc enp65s0f1np1 0
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS"; snmp_out 180000 6000000; netstat 5120 311 0

# --- issue 18: counters. An HDR InfiniBand node whose port has symbol errors, went down twice and waits on credits
# (counter files: sysfs-class-infiniband, the IBA PortCounters set; values constructed)
start ib-counters-018
cpus 0-31; node 0 0-31
a=0000:c1:00.0; b=0000:c0:01.1
pci $a $b 0x15b3 0x101b mlx5_core 0 0-31 "16.0 GT/s PCIe" 16 "16.0 GT/s PCIe" 16
net ibp193s0 $a $b 32 up 1 0x1003 200000 65520 connected
stats ibp193s0 $a $b rx_packets=20044122 rx_bytes=910022344112 tx_packets=19022001 tx_bytes=870023411022
rdma mlx5_0 $a $b MT4123 20.37.1014 MT_0000000222 "b83f:d203:00a1:b2c0"
port mlx5_0 $a $b 1 "4: ACTIVE" "5: LinkUp" "200 Gb/sec (4X HDR)" InfiniBand 0x2a 0x1
ibcounters mlx5_0 $a $b 1 symbol_error=65535 link_error_recovery=3 link_downed=2 port_rcv_errors=412 \
  port_xmit_wait=983211003 port_xmit_discards=17 port_rcv_data=227505586028 port_xmit_data=217505852755 \
  port_rcv_packets=20044122 port_xmit_packets=19022001
hwcounters mlx5_0 $a $b 1 out_of_sequence=3
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS"; snmp_out 1200 90000000; netstat 0 0 0

# --- issue 20: lossless RoCE as doctor reads it from tools (ethtool -a, dcb -j, mlnx_qos), three RoCE ports:
# enp1s0f0np0 global pause on (seed 000 l.1432-1436, the real ethtool -a), no PFC (dcb, constructed);
# enp1s0f1np1 pause off and no DCB support (dcb fails: no capture), constructed; enp2s0f0np0 PFC on
# priority 4 with DSCP 26 on priority 3 (dcb -j, shapes of iproute2's dcb_pfc.c/dcb_app.c), constructed;
# enp3s0f0np0 mlnx_qos with PFC on 3 (community.mellanox.com DOC-2792, the real table)
qos() { f ".wirespeed/$1/$2" "$3"; }
start roce-qos-020
cpus 0-15; node 0 0-15
for fn in 0 1; do
  a="0000:01:00.$fn"; b=0000:00:01.0
  pci "$a" $b 0x15b3 0x1015 mlx5_core 0 0-15 "8.0 GT/s PCIe" 8 "8.0 GT/s PCIe" 8
  rdma "mlx5_$fn" "$a" $b MT4117 14.32.1010 MT_2420110034 "0c42:a103:00c1:d2f$fn"
done
for bus in 2 3; do
  a="0000:0$bus:00.0"; b="0000:00:0$bus.0"
  pci "$a" $b 0x15b3 0x1015 mlx5_core 0 0-15 "8.0 GT/s PCIe" 8 "8.0 GT/s PCIe" 8
  rdma "mlx5_$bus" "$a" $b MT4117 14.32.1010 MT_2420110034 "0c42:a103:00c1:d3f$bus"
done
net enp1s0f0np0 0000:01:00.0 0000:00:01.0 1 up 1 0x1003 25000 9000
net enp1s0f1np1 0000:01:00.1 0000:00:01.0 1 up 1 0x1003 25000 9000
net enp2s0f0np0 0000:02:00.0 0000:00:02.0 1 up 1 0x1003 25000 9000
net enp3s0f0np0 0000:03:00.0 0000:00:03.0 1 up 1 0x1003 25000 9000
port mlx5_0 0000:01:00.0 0000:00:01.0 1 "4: ACTIVE" "5: LinkUp" "25 Gb/sec (1X EDR)" Ethernet 0x0 0x0 enp1s0f0np0
port mlx5_1 0000:01:00.1 0000:00:01.0 1 "4: ACTIVE" "5: LinkUp" "25 Gb/sec (1X EDR)" Ethernet 0x0 0x0 enp1s0f1np1
port mlx5_2 0000:02:00.0 0000:00:02.0 1 "4: ACTIVE" "5: LinkUp" "25 Gb/sec (1X EDR)" Ethernet 0x0 0x0 enp2s0f0np0
port mlx5_3 0000:03:00.0 0000:00:03.0 1 "4: ACTIVE" "5: LinkUp" "25 Gb/sec (1X EDR)" Ethernet 0x0 0x0 enp3s0f0np0
for n in enp1s0f0np0:01:00.0:01 enp1s0f1np1:01:00.1:01 enp2s0f0np0:02:00.0:02 enp3s0f0np0:03:00.0:03; do
  ecn "${n%%:*}" "0000:$(echo "$n" | cut -d: -f2-3)" "0000:00:$(echo "$n" | cut -d: -f4).0" "3" "3"
done
qos ethtool-a enp1s0f0np0 "Pause parameters for enp1s0f0np0:
Autonegotiate: off
RX: on
TX: on"
qos dcb-pfc enp1s0f0np0 '{"pfc_cap":8,"macsec_bypass":false,"delay":0,"prio_pfc":[false,false,false,false,false,false,false,false]}'
qos ethtool-a enp1s0f1np1 "Pause parameters for enp1s0f1np1:
Autonegotiate: off
RX: off
TX: off"
qos dcb-pfc enp2s0f0np0 '{"pfc_cap":8,"macsec_bypass":false,"delay":0,"prio_pfc":[false,false,false,false,true,false,false,false]}'
qos dcb-app enp2s0f0np0 '{"dscp_prio":[[0,0],[8,1],[16,2],[24,3],[26,3],[32,4],[40,5],[48,6],[56,7]]}'
qos mlnx_qos enp3s0f0np0 "PFC configuration:

priority 0 1 2 3 4 5 6 7

enabled 0 0 0 1 0 0 0 0"
vnet lo 772 unknown 0x9 65536
mounts "$ROOTFS"; snmp 0

# --- malformed: a copy of the R86S ConnectX-4 Lx with empty, garbage and wrong-unit files
start malformed
cpus "zero-three"; node 0 "x-y"
policy 0 0 "" acpi-cpufreq
a=0000:04:00.0; b=0000:00:1c.3
pci $a $b 0x15b3 0x1015 mlx5_core zero "" "8.0 Gb/s" 4 "Unknown" 8
net enp4s0f0np0 $a $b 1 up 1 0x1003 fast ""
rdma mlx5_0 $a $b MT4117 14.32.1010 MT_2470111034 "b8ce:f603:00aa:bb00"
port mlx5_0 $a $b 1 "" "9: Warp" "lots" Ethernet 0xzz 0x0 enp4s0f0np0
f "sys/devices/pci0000:00/$b/$a/device" "garbage"
: > "$R/sys/devices/pci0000:00/$b/$a/net/enp4s0f0np0/type"
mounts "not a mounts line
server:/x /mnt/x nfs"
f proc/net/snmp "Tcp: nothing here"
echo "fixtures written"
