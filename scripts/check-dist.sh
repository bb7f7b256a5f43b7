#!/usr/bin/env bash
# Checks the release artifacts of `mvn package` (run by ./test after the tests):
#  - SHA256SUMS matches;
#  - the .deb installs /usr/bin/wirespeed, the man pages and completions, and removes cleanly
#    (dpkg -i / dpkg -r as root; otherwise its contents are unpacked into a temporary root);
#  - the tarball, unpacked elsewhere, runs `wirespeed check --no-save` with a PATH holding no JDK and no Maven.
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
  dpkg -r wirespeed >/dev/null || fail "dpkg -r"
  trap 'rm -rf "$tmp"' EXIT
  left=$(ls -d /usr/bin/wirespeed /usr/lib/wirespeed /usr/share/man/man1/wirespeed* 2>/dev/null || true)
  [ -z "$left" ] || fail ".deb: dpkg -r left $left"
  say ".deb: dpkg -i, /usr/bin/wirespeed, man, completion, dpkg -r clean"
else
  dpkg-deb -x "$deb" "$tmp/root"
  for f in usr/bin/wirespeed usr/share/man/man1/wirespeed.1.gz usr/share/bash-completion/completions/wirespeed \
    usr/share/zsh/vendor-completions/_wirespeed; do
    [ -e "$tmp/root/$f" ] || fail ".deb: no /$f"
  done
  "${clean_env[@]}" "$tmp/root/usr/bin/wirespeed" --version | grep -q '^wirespeed ' || fail ".deb: wirespeed --version"
  say ".deb: unpacked into a temporary root (not root, or wirespeed already installed): files and --version"
fi
