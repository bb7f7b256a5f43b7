#!/usr/bin/env bash
# Checks the release artifacts of `mvn package` (run by ./test after the tests):
#  - SHA256SUMS matches;
#  - the .deb installs /usr/bin/wirespeed, the man pages and completions, and removes cleanly
#    (dpkg -i / dpkg -r as root; otherwise its contents are unpacked into a temporary root);
#  - the tarball, unpacked elsewhere, runs `wirespeed check --no-save` with a PATH holding no JDK and no Maven;
#  - both carry the docs (share/doc/wirespeed: guides, JSON schemas, examples), and every doc path that
#    --help prints exists in that layout; `man wirespeed` names the doc folder;
#  - the .deb's systemd units pass `systemd-analyze verify` (where it is installed), are installed
#    disabled, and dpkg -r removes them with the docs.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
dist="$here/target/dist"
t0=$(date +%s)
fail() { echo "check-dist: FAILED: $*" >&2; exit 1; }
say() { echo "check-dist: $* ($(($(date +%s) - t0)) s)"; }

[ -d "$dist" ] || fail "no $dist (mvn package builds it)"
(cd "$dist" && sha256sum --quiet -c SHA256SUMS) || fail "SHA256SUMS does not match"
tarball=$(ls "$dist"/wirespeed-*-linux-x86_64.tar.gz)
deb=$(ls "$dist"/wirespeed_*_amd64.deb 2>/dev/null || true)
ls "$dist"/wirespeed-*.jar >/dev/null || fail "no plain jar"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A PATH with the few tools check may call, and no java, javac or mvn.
mkdir -p "$tmp/path"
for t in sh readlink ip ethtool; do
  p=$(command -v "$t" 2>/dev/null) && ln -s "$p" "$tmp/path/$t"
done
clean_env=(env -i "PATH=$tmp/path" "HOME=$tmp" "WIRESPEED_DB=$tmp/results.db" "LANG=C.UTF-8")

# check_help_docs WHAT BIN DOCS: each command's help names docs/ files (docs/json/bw.schema.json …) and says in
# its footer, on a line of its own, where docs/ is in this installation: DOCS, holding every file named.
check_help_docs() {
  local cmd help dir f n=0
  for cmd in bw lat doctor limits mesh run agent; do
    help=$("${clean_env[@]}" "$2" "$cmd" --help) || fail "$1: $cmd --help"
    dir=$(printf '%s\n' "$help" | sed -n '/files named above are, in this installation, in:/{n;s/^ *//;p;q;}')
    [ "$dir" = "$3" ] || fail "$1: $cmd --help says docs/ is '$dir', not $3"
    for f in $(printf '%s\n' "$help" | grep -o 'docs/[A-Za-z0-9_./-]*\.\(md\|json\)' | sort -u); do
      [ -f "$dir/${f#docs/}" ] || fail "$1: $cmd --help names $f, which is not in $dir"
      n=$((n + 1))
    done
  done
  [ "$n" -ge 7 ] || fail "$1: the help of bw, lat, doctor, limits, mesh, run and agent named only $n docs/ files"
}
# verify_units DIR BIN [installed]: systemd-analyze verify of the two units in DIR, their ExecStart pointed
# at BIN when BIN is not /usr/bin/wirespeed (an unpacked package); "installed" also checks their man: links.
# Skipped where systemd-analyze is not installed.
verify_units() {
  local dir=$1 bin=$2 man=--man=no work u out
  [ "${3:-}" = installed ] && man=--man=yes
  command -v systemd-analyze >/dev/null 2>&1 || { echo "check-dist: note: no systemd-analyze; units not verified"; return 0; }
  work=$(mktemp -d "$tmp/units.XXXX")
  for u in wirespeed-server.service wirespeed-agent.service; do
    [ -f "$dir/$u" ] || fail "no unit $dir/$u"
    sed "s|/usr/bin/wirespeed|$bin|" "$dir/$u" >"$work/$u"
  done
  # --man=no for an unpacked package: its man pages are not where man looks
  if ! out=$(systemd-analyze verify "$man" "$work/wirespeed-server.service" "$work/wirespeed-agent.service" 2>&1); then
    fail "systemd-analyze verify: $out"
  fi
  [ -z "$out" ] || fail "systemd-analyze verify warns: $out"
}

# The tarball.
mkdir "$tmp/unpacked"
tar -C "$tmp/unpacked" -xzf "$tarball"
bin=$(ls -d "$tmp"/unpacked/wirespeed-*/bin/wirespeed)
"${clean_env[@]}" "$bin" --version | grep -q '^wirespeed ' || fail "tarball: --version"
# The AOT cache must load from wherever the tarball was unpacked (AOTMode=on: no silent fallback).
aot=${bin%/bin/wirespeed}/lib/wirespeed.aot
if [ -f "$aot" ]; then
  for cmd in --version "explain $here/examples/explain/ibstat.txt"; do
    # shellcheck disable=SC2086
    "${clean_env[@]}" WIRESPEED_JAVA_OPTS=-XX:AOTMode=on "$bin" $cmd >/dev/null \
      || fail "tarball: the AOT cache does not load for '$cmd' (AOTMode=on)"
  done
else
  echo "check-dist: note: the tarball has no AOT cache (dist.sh warned why); it starts slower"
fi
# The network commands' cache (bw, lat, check, server), through a loopback test of one second.
if [ -f "${aot%/*}/wirespeed-net.aot" ]; then
  "${clean_env[@]}" WIRESPEED_JAVA_OPTS=-XX:AOTMode=on "$bin" bw --loopback -t 1 --no-save >/dev/null \
    || fail "tarball: the network commands' AOT cache does not load for 'bw --loopback' (AOTMode=on)"
else
  echo "check-dist: note: the tarball has no network commands' AOT cache (dist.sh warned why); bw starts slower"
fi
set +e
"${clean_env[@]}" "$bin" check --no-save -t 1 >"$tmp/check.out" 2>&1
code=$?
set -e
# 0 healthy, 3 findings (a busy or virtual CI host has some): both mean check ran through
if [ "$code" != 0 ] && [ "$code" != 3 ]; then
  cat "$tmp/check.out" >&2
  fail "tarball: check --no-save exited $code"
fi
say "tarball: check --no-save ran with no JDK on PATH (exit $code)"
home=${bin%/bin/wirespeed}
for f in README.md CHANGELOG.md docs/cluster.md docs/SECURITY.md docs/STORE.md docs/json/bw.schema.json \
  docs/json/results.schema.json examples/grafana/wirespeed-dashboard.json systemd/wirespeed-agent.service; do
  [ -f "$home/share/doc/wirespeed/$f" ] || fail "tarball: no share/doc/wirespeed/$f"
done
check_help_docs tarball "$bin" "$home/share/doc/wirespeed/docs"
MANPAGER=cat MANWIDTH=100 man -l "$home/share/man/man1/wirespeed.1" 2>/dev/null | grep -q 'share/doc/wirespeed' \
  || fail "tarball: man wirespeed names no doc folder"
verify_units "$home/share/doc/wirespeed/systemd" "$bin"
say "tarball: docs in share/doc/wirespeed, --help's doc paths present, units verified"

# The .deb.
if [ -z "$deb" ]; then
  echo "SKIPPED: .deb check (no .deb built: dpkg-deb missing)"
elif [ "$(id -u)" = 0 ] && command -v dpkg >/dev/null 2>&1 && ! dpkg -s wirespeed >/dev/null 2>&1; then
  dpkg -i "$deb" >/dev/null || fail "dpkg -i"
  trap 'dpkg -r wirespeed >/dev/null 2>&1; rm -rf "$tmp"' EXIT
  "${clean_env[@]}" /usr/bin/wirespeed --version | grep -q '^wirespeed ' || fail ".deb: /usr/bin/wirespeed --version"
  [ -f /usr/share/man/man1/wirespeed-bw.1.gz ] || fail ".deb: no man page wirespeed-bw(1)"
  if command -v man >/dev/null 2>&1; then
    MANPAGER=cat MANWIDTH=80 man wirespeed-bw 2>/dev/null | grep -q -- '--parallel' || fail ".deb: man wirespeed-bw shows no options"
  fi
  [ -f /usr/share/bash-completion/completions/wirespeed ] || fail ".deb: no bash completion"
  for f in README.md CHANGELOG.md docs/cluster.md docs/json/bw.schema.json examples/grafana/wirespeed-dashboard.json; do
    [ -f "/usr/share/doc/wirespeed/$f" ] || fail ".deb: no /usr/share/doc/wirespeed/$f"
  done
  check_help_docs .deb /usr/bin/wirespeed /usr/share/doc/wirespeed/docs
  if command -v man >/dev/null 2>&1; then
    MANPAGER=cat MANWIDTH=100 man wirespeed 2>/dev/null | grep -q '/usr/share/doc/wirespeed' \
      || fail ".deb: man wirespeed does not name /usr/share/doc/wirespeed"
  fi
  units=/usr/lib/systemd/system
  verify_units "$units" /usr/bin/wirespeed installed
  # installed disabled: no unit is wanted by any target
  enabled=$(ls /etc/systemd/system/*.wants/wirespeed-* 2>/dev/null || true)
  [ -z "$enabled" ] || fail ".deb: units enabled on install: $enabled"
  dpkg -r wirespeed >/dev/null || fail "dpkg -r"
  trap 'rm -rf "$tmp"' EXIT
  left=$(ls -d /usr/bin/wirespeed /usr/lib/wirespeed /usr/share/man/man1/wirespeed* /usr/share/doc/wirespeed \
    "$units"/wirespeed-server.service "$units"/wirespeed-agent.service 2>/dev/null || true)
  [ -z "$left" ] || fail ".deb: dpkg -r left $left"
  say ".deb: dpkg -i, /usr/bin/wirespeed, man (names the docs), completion, docs, units verified and disabled, dpkg -r clean"
else
  dpkg-deb -x "$deb" "$tmp/root"
  for f in usr/bin/wirespeed usr/share/man/man1/wirespeed.1.gz usr/share/bash-completion/completions/wirespeed \
    usr/share/zsh/vendor-completions/_wirespeed usr/share/doc/wirespeed/docs/json/bw.schema.json \
    usr/share/doc/wirespeed/docs/cluster.md usr/lib/systemd/system/wirespeed-server.service \
    usr/lib/systemd/system/wirespeed-agent.service; do
    [ -e "$tmp/root/$f" ] || fail ".deb: no /$f"
  done
  "${clean_env[@]}" "$tmp/root/usr/bin/wirespeed" --version | grep -q '^wirespeed ' || fail ".deb: wirespeed --version"
  zcat "$tmp/root/usr/share/man/man1/wirespeed.1.gz" | grep -q '/usr/share/doc/wirespeed' \
    || fail ".deb: the wirespeed(1) page does not name /usr/share/doc/wirespeed"
  verify_units "$tmp/root/usr/lib/systemd/system" "$tmp/root/usr/bin/wirespeed"
  check_help_docs ".deb (unpacked)" "$tmp/root/usr/bin/wirespeed" "$tmp/root/usr/share/doc/wirespeed/docs"
  say ".deb: unpacked into a temporary root (not root, or wirespeed already installed): files, docs, units, --version"
fi
