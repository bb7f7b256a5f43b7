#!/usr/bin/env bash
# Release artifacts, run by `mvn package` (exec-maven-plugin, after the shaded jar) into target/dist:
#   wirespeed-VERSION-linux-x86_64.tar.gz   jlink'd runtime + jar + AOT cache + man pages + completions +
#                                           docs (share/doc/wirespeed: guides, JSON schemas, examples, units)
#   wirespeed_VERSION_amd64.deb             the same tree under /usr/lib/wirespeed, /usr/bin/wirespeed, docs in
#                                           /usr/share/doc/wirespeed, systemd units (disabled) in /usr/lib/systemd/system
#   wirespeed-VERSION.jar                   the plain jar, for a JRE 25
#   SHA256SUMS
# Environment (set by pom.xml): WS_VERSION, WS_TARGET (target/), WS_JDK (the JDK running Maven).
# Skip with -Dwirespeed.dist.skip=true (the ./wirespeed launcher does: it only needs the jar).
set -euo pipefail
: "${WS_VERSION:?}" "${WS_TARGET:?}" "${WS_JDK:?}"
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
jar="$WS_TARGET/wirespeed.jar"
dist="$WS_TARGET/dist"
work="$WS_TARGET/dist-work"
name="wirespeed-$WS_VERSION"
image="$work/$name"
t0=$(date +%s)
step() { echo "dist: $* ($(($(date +%s) - t0)) s)"; }

for tool in jdeps jlink; do
  [ -x "$WS_JDK/bin/$tool" ] || { echo "dist: $WS_JDK has no $tool (a JDK 25 is needed, not a JRE)" >&2; exit 1; }
done
rm -rf "$dist" "$work"
mkdir -p "$dist" "$image/bin" "$image/lib" "$image/share/man/man1" \
  "$image/share/bash-completion/completions" "$image/share/zsh/site-functions" \
  "$image/share/fish/vendor_completions.d"

# 1. The runtime: only the modules jdeps finds in the jar (java.desktop is JFreeChart's, for reports),
#    plus jdk.zipfs (zip exports) and the SunEC/charsets providers a network tool meets.
modules=$("$WS_JDK/bin/jdeps" --multi-release 25 --ignore-missing-deps --print-module-deps "$jar")
modules="$modules,jdk.zipfs,jdk.crypto.ec,jdk.charsets,jdk.localedata"
step "jlink $modules"
# No --compress: the tarball and .deb are compressed anyway, and an uncompressed modules image
# starts faster. --strip-debug drops ~25 % of the image.
"$WS_JDK/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
  --include-locales=en --output "$image/runtime"
cp -p "$jar" "$image/lib/wirespeed.jar"

# 2. The launcher of the installed tree: relative to its own real path, so the tarball runs anywhere
#    and /usr/bin/wirespeed can be a symbolic link. /bin/sh and one readlink keep it to a few ms.
cat >"$image/bin/wirespeed" <<'LAUNCHER'
#!/bin/sh
# wirespeed (release): the bundled Java runtime, the jar and its AOT cache (JDK 25, JEP 483/514/515).
self=$(readlink -f "$0")
home=${self%/bin/*}
# Two caches (docs/PERFORMANCE.md): the network commands' holds Jackson, SQLite and the engine,
# which would slow the short commands, since every class of a cache loads at start.
# Their help is a short command: it keeps the light cache.
cache=wirespeed.aot
case ${1:-} in
  bw|lat|check|server)
    cache=wirespeed-net.aot
    for a in "$@"; do
      case $a in
        -h|--help) cache=wirespeed.aot ;;
        --) break ;;
      esac
    done ;;
esac
aot=""
[ -f "$home/lib/$cache" ] && aot="-XX:AOTCache=$home/lib/$cache"
# Commands that finish in a blink: the C1 compiler only, the serial GC and no hsperfdata file cost
# ~25 % less CPU at start (docs/PERFORMANCE.md). A bw client runs C1 only too: its loop is kernel
# time, and C2 compiling start-up code beside the data threads takes their CPU (docs/PERFORMANCE.md,
# "-P 4: where the 20 % goes"; bw --udp too: "UDP -P 1"). lat, server and the rest keep the JVM's defaults.
quick=""
case ${1:-} in
  -V|--version|-h|--help|help|explain|limits|results|doctor|completion)
    quick="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -XX:-UsePerfData" ;;
  bw) quick="-XX:TieredStopAtLevel=1" ;;
esac
exec "$home/runtime/bin/java" $aot $quick -Xlog:aot=off -Xlog:cds=off $WIRESPEED_JAVA_OPTS \
  -jar "$home/lib/wirespeed.jar" "$@"
LAUNCHER
chmod 755 "$image/bin/wirespeed"

# 3. Man pages and completions from the picocli model; the documentation in share/doc/wirespeed (the
#    guides, the JSON schemas --help names, the examples), the systemd units as templates. Help finds the
#    docs beside bin/ at run time (cli.Docs); the man pages name them relative to the unpacked release.
step "man pages, completions, docs"
"$image/runtime/bin/java" -Dwirespeed.docs=share/doc/wirespeed/docs -cp "$jar" dev.wirespeed.cli.ManPages \
  "$image/share/man/man1" "$image/share/bash-completion/completions/wirespeed" \
  "$image/share/zsh/site-functions/_wirespeed" "$image/share/fish/vendor_completions.d/wirespeed.fish" >/dev/null
docroot="$image/share/doc/wirespeed"
mkdir -p "$docroot"
cp -p "$repo/README.md" "$repo/CHANGELOG.md" "$docroot/"
cp -rp "$repo/docs" "$docroot/docs"
cp -rp "$repo/examples" "$docroot/examples"
cp -rp "$repo/packaging/systemd" "$docroot/systemd"
cp -p "$repo/README.md" "$repo/CHANGELOG.md" "$image/"

# 4. The AOT cache, trained on the short commands (AotTraining) with the bundled runtime: a cache only
#    loads into the exact JVM that made it. The jar path is absolute; the JVM accepts the tree moved
#    elsewhere (it matches the classpath by its longest common prefix), as long as the jar is the same file
#    (size and mtime: cp -p, tar and dpkg keep them).
step "AOT cache"
# train CACHE [JVM-FLAG] -- ARGS…: one training run of AotTraining into CACHE.
train() {
  local cache=$1 flags=()
  shift
  while [ "$1" != -- ]; do flags+=("$1"); shift; done
  shift
  rm -f "$cache" "$cache.config"
  "$image/runtime/bin/java" -XX:AOTCacheOutput="$cache" "${flags[@]}" -XX:ErrorFile="$work/hs_err_%p.log" \
    -Xlog:aot=error -Xlog:cds=error -cp "$image/lib/wirespeed.jar" dev.wirespeed.cli.AotTraining \
    "$@" >>"$work/aot.log" 2>&1 || true
  rm -f "$cache.config"
  [ -s "$cache" ]
}
# Temurin 25.0.3's assembly of this cache with AOT class linking (JEP 483) aborts in
# ArchiveHeapWriter::compute_ptrmap ("Metadata ... should have been archived"); without the linking
# the cache still holds the loaded classes (most of the gain). The first form is tried first so a
# fixed JDK gets it all.
train_both() {
  local cache=$1
  shift
  if ! train "$cache" -- "$@" && ! train "$cache" -XX:-AOTClassLinking -- "$@"; then
    rm -f "$cache"
    echo "dist: warning: no ${cache##*/} (see $work/aot.log); those commands start without it" >&2
  fi
}
# The short commands' cache (text output only: see AotTraining).
train_both "$image/lib/wirespeed.aot" "$repo/examples/explain/iperf3-client.txt" "$repo/examples/explain/ibstat.txt"
# The network commands' cache (bw, lat, check, server): a loopback bw and lat saved into a scratch
# database. A cache of its own, because every class of a cache loads at each start: Jackson, SQLite
# and the engine would slow --version and explain (docs/PERFORMANCE.md "bw: time to first byte").
scratch=$(mktemp -d)
train_both "$image/lib/wirespeed-net.aot" --net "$scratch/training.db"
rm -rf "$scratch"
"$image/bin/wirespeed" --version >/dev/null

# 5. The tarball.
step "tarball"
tar -C "$work" -czf "$dist/$name-linux-x86_64.tar.gz" "$name"

# 6. The .deb, built with dpkg-deb from the same tree (no jpackage: its .deb installs under /opt and
#    cannot carry the man pages and completions where man and bash look for them).
if command -v dpkg-deb >/dev/null 2>&1; then
  step "deb"
  deb_version=${WS_VERSION/-/\~}   # 0.1.0-SNAPSHOT sorts before 0.1.0 as 0.1.0~SNAPSHOT
  root="$work/deb"
  mkdir -p "$root/DEBIAN" "$root/usr/lib/wirespeed" "$root/usr/bin" "$root/usr/share/man/man1" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" "$root/usr/share/doc" \
    "$root/usr/share/fish/vendor_completions.d" \
    "$root/usr/lib/systemd/system" "$work/man-deb"
  cp -a "$image/bin" "$image/lib" "$image/runtime" "$root/usr/lib/wirespeed/"
  ln -s ../lib/wirespeed/bin/wirespeed "$root/usr/bin/wirespeed"
  # The .deb's man pages name its own paths: the docs under /usr/share/doc, the units under /usr/lib/systemd.
  "$image/runtime/bin/java" -Dwirespeed.docs=/usr/share/doc/wirespeed/docs -Dwirespeed.units=/usr/lib/systemd/system \
    -cp "$jar" dev.wirespeed.cli.ManPages "$work/man-deb" >/dev/null
  for page in "$work"/man-deb/*.1; do gzip -9n <"$page" >"$root/usr/share/man/man1/${page##*/}.gz"; done
  cp -p "$image/share/bash-completion/completions/wirespeed" "$root/usr/share/bash-completion/completions/"
  cp -p "$image/share/zsh/site-functions/_wirespeed" "$root/usr/share/zsh/vendor-completions/"
  cp -p "$image/share/fish/vendor_completions.d/wirespeed.fish" "$root/usr/share/fish/vendor_completions.d/"
  cp -rp "$image/share/doc/wirespeed" "$root/usr/share/doc/wirespeed"
  rm -rf "$root/usr/share/doc/wirespeed/systemd"
  # The units, installed disabled (nothing enables them; prerm stops and disables them on removal).
  cp -p "$repo"/packaging/systemd/*.service "$root/usr/lib/systemd/system/"
  for script in postinst prerm postrm; do
    install -m 755 "$repo/packaging/deb/$script" "$root/DEBIAN/$script"
  done
  size_kib=$(du -sk "$root/usr" | cut -f1)
  cat >"$root/DEBIAN/control" <<CONTROL
Package: wirespeed
Version: $deb_version
Architecture: amd64
Maintainer: wirespeed developers <wirespeed@localhost>
Installed-Size: $size_kib
Depends: libc6, zlib1g
Section: net
Priority: optional
Homepage: https://github.com/wirespeed/wirespeed
Description: is this link as fast as it should be, and if not, why?
 Measures TCP/UDP bandwidth and latency (also against iperf3), inspects the
 host's NICs, PCIe and RDMA ports, explains other tools' output and keeps a
 history of results. Carries its own Java runtime.
CONTROL
  dpkg-deb --root-owner-group -Zgzip -z6 --build "$root" "$dist/wirespeed_${deb_version}_amd64.deb" >/dev/null
else
  echo "dist: dpkg-deb not found: no .deb (apt-get install dpkg)" >&2
fi

# 7. The jar and the checksums.
cp -p "$jar" "$dist/$name.jar"
(cd "$dist" && sha256sum -- * >SHA256SUMS)
step "done: $(cd "$dist" && ls | tr '\n' ' ')"
