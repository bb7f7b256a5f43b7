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
done
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
