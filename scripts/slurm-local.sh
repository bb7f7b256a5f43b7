#!/usr/bin/env bash
# A one-node Slurm on localhost for tests (MeshSlurmIT): munged, slurmctld and slurmd, every file in DIR.
#   slurm-local.sh start DIR   writes DIR/slurm.conf, starts the daemons, waits (bounded, 15 s) for the
#                              node to be idle; prints SLURM_CONF=DIR/slurm.conf. On failure: exit 1
#                              with one line why, after stopping what it started.
#   slurm-local.sh stop DIR    stops the daemons started from DIR (by their pid files) and removes DIR.
# Needs root (slurmd runs jobs as their user), slurm-wlm and munge (Debian). Nothing outside DIR is
# written or started: the munge socket and key, the state and spool dirs and the logs are all in DIR.
set -uo pipefail
cmd=${1:-}
dir=${2:-}
[ -n "$cmd" ] && [ -n "$dir" ] || { echo "usage: $0 start|stop DIR" >&2; exit 2; }

# A failed start stops what it started and removes DIR: the caller is left with the reason only.
started=0
die() {
  echo "slurm-local: $*" >&2
  [ "$started" = 1 ] && stop
  exit 1
}

stop() {
  local f pid i pids=()
  for f in slurmd slurmctld munged; do
    pid=$(cat "$dir/$f.pid" 2>/dev/null)
    [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null && pids+=("$pid")
  done
  for i in $(seq 50); do
    alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do kill -KILL "$pid" 2>/dev/null; done
  # a slurmstepd left by a killed slurmd would hold its job's tasks
  for f in "$dir"/spool/*.pid; do
    [ -f "$f" ] && kill -KILL "$(cat "$f")" 2>/dev/null
  done
  rm -rf "$dir"
}

# A free TCP port on loopback, above the usual ephemeral range's start.
free_port() {
  local p
  for p in $(shuf -i 20000-30000 -n 50); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
      echo "$p"
      return 0
    fi
  done
  return 1
}

start() {
  [ "$(id -u)" = 0 ] || die "needs root (slurmd runs jobs as their user)"
  for t in munged mungekey slurmctld slurmd srun sinfo; do
    command -v "$t" >/dev/null 2>&1 || die "$t not installed (apt-get install slurm-wlm munge)"
  done
  mkdir -p "$dir"/{state,spool,munge} || die "cannot create $dir"
  started=1
  chmod 700 "$dir" "$dir/munge"
  mungekey --create --keyfile="$dir/munge/munge.key" >/dev/null 2>&1 \
    || dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none \
    || die "cannot write a munge key"
  chmod 600 "$dir/munge/munge.key"
  munged --force --socket="$dir/munge/munge.sock" --key-file="$dir/munge/munge.key" \
    --pid-file="$dir/munged.pid" --log-file="$dir/munged.log" --seed-file="$dir/munge/seed" \
    || die "munged did not start: $(tail -n 1 "$dir/munged.log" 2>/dev/null)"
  local ctld_port slurmd_port
  ctld_port=$(free_port) && slurmd_port=$(free_port) || die "no free port for slurmctld/slurmd"
  [ "$ctld_port" != "$slurmd_port" ] || slurmd_port=$((ctld_port + 1))
  cat >"$dir/slurm.conf" <<CONF
ClusterName=wirespeedtest
SlurmctldHost=localhost
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SlurmdTimeout=30
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
NodeName=localhost CPUs=2 State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=10 State=UP
CONF
  export SLURM_CONF="$dir/slurm.conf"
  slurmctld -f "$SLURM_CONF" -i || die "slurmctld did not start: $(tail -n 1 "$dir/slurmctld.log" 2>/dev/null)"
  slurmd -f "$SLURM_CONF" -N localhost || die "slurmd did not start: $(tail -n 1 "$dir/slurmd.log" 2>/dev/null)"
  local i state=""
  for i in $(seq 30); do
    state=$(timeout 2 sinfo -h -n localhost -o %t 2>/dev/null)
    case "$state" in idle*|mix*|alloc*) echo "SLURM_CONF=$SLURM_CONF"; return 0 ;; esac
    sleep 0.5
  done
  die "node not idle after 15 s (state '${state:-none}'; slurmd: $(tail -n 1 "$dir/slurmd.log" 2>/dev/null))"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
