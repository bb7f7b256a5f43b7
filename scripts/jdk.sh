# Sourced by ./wirespeed, ./test and bench/*: finds a Java >= 25 and sets WS_JAVA_HOME.
#   ws_find_java   any runtime >= 25 (a JRE or a jlink'd image is enough to run the jar)
#   ws_find_jdk    a JDK >= 25 (javac, jlink), needed to build
# Order: $JAVA_HOME, then the java (or javac) on PATH, then /usr/lib/jvm/*.
# The version comes from the image's `release` file (no JVM start: the launcher's budget is 30 ms);
# only an image without one is asked with `java -XshowSettings`.

ws_java_major() {
  # Sets ws_major to the feature version of the Java home given as $1 (e.g. 25), or to nothing. Builtins only
  # for the `release` file: every fork costs milliseconds on a loaded machine.
  local line v=""
  if [ -r "$1/release" ]; then
    while IFS= read -r line; do
      case $line in
        JAVA_VERSION=*) v=${line#JAVA_VERSION=}; v=${v#\"}; v=${v%%[!0-9]*}; break ;;
      esac
    done <"$1/release"
  fi
  if [ -z "$v" ] && [ -x "$1/bin/java" ]; then
    v=$("$1/bin/java" -XshowSettings:properties -version 2>&1 \
      | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1)
  fi
  ws_major=$v
}

# $1 = "jdk" to require javac, anything else for a runtime.
ws_find_home() {
  local need=$1 candidates=() c tool=java
  [ "$need" = jdk ] && tool=javac
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/$tool" ]; then
    ws_java_major "$JAVA_HOME"
    if [ -n "$ws_major" ] && [ "$ws_major" -ge 25 ]; then
      WS_JAVA_HOME="$JAVA_HOME"
      return 0
    fi
  fi
  # One fork (readlink) instead of four: `hash` fills BASH_CMDS with the PATH lookup, and the two
  # dirname are parameter expansions.
  if hash "$tool" 2>/dev/null && [ -n "${BASH_CMDS[$tool]:-}" ]; then
    c=$(readlink -f "${BASH_CMDS[$tool]}")
    candidates+=("${c%/bin/*}")
  fi
  for c in /usr/lib/jvm/*/ /Library/Java/JavaVirtualMachines/*/Contents/Home/; do
    [ -d "$c" ] && candidates+=("${c%/}")
  done
  for c in "${candidates[@]}"; do
    [ -x "$c/bin/java" ] || continue
    [ "$need" = jdk ] && [ ! -x "$c/bin/javac" ] && continue
    ws_java_major "$c"
    if [ -n "$ws_major" ] && [ "$ws_major" -ge 25 ]; then
      WS_JAVA_HOME="$c"
      return 0
    fi
  done
  return 1
}

ws_find_java() {
  ws_find_home runtime && return 0
  echo "wirespeed: needs Java 25 or newer (a JRE is enough; none in JAVA_HOME, PATH or /usr/lib/jvm); install one, e.g. 'apt-get install temurin-25-jre' (adoptium.net), or use the release tarball, which carries its own runtime" >&2
  return 1
}

ws_find_jdk() {
  ws_find_home jdk && return 0
  echo "wirespeed: building needs a JDK 25 or newer (none in JAVA_HOME, PATH or /usr/lib/jvm); install one, e.g. 'apt-get install temurin-25-jdk' (adoptium.net) or 'sdk install java 25-tem', then set JAVA_HOME" >&2
  return 1
}

# Maven on JDK 25 warns about its own use of sun.misc.Unsafe; that noise is not ours.
ws_maven_env() {
  export JAVA_HOME="$WS_JAVA_HOME"
  export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
}
