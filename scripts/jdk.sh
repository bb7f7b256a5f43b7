# Sourced by ./wirespeed, ./test and bench/*: sets WS_JAVA_HOME to a JDK >= 25.
# Order: $JAVA_HOME, then the java on PATH, then /usr/lib/jvm/*. Returns 1 with a message otherwise.

ws_java_major() {
  # Prints the feature version of the java binary given as $1 (e.g. 25), or nothing.
  "$1" -XshowSettings:properties -version 2>&1 \
    | sed -n 's/^ *java\.specification\.version = \([0-9][0-9]*\).*/\1/p' | head -n 1
}

ws_find_jdk() {
  local candidates=() c major
  [ -n "${JAVA_HOME:-}" ] && candidates+=("$JAVA_HOME")
  if command -v javac >/dev/null 2>&1; then
    c=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    candidates+=("$c")
  fi
  for c in /usr/lib/jvm/*/ /Library/Java/JavaVirtualMachines/*/Contents/Home/; do
    [ -d "$c" ] && candidates+=("${c%/}")
  done
  for c in "${candidates[@]}"; do
    [ -x "$c/bin/java" ] && [ -x "$c/bin/javac" ] || continue
    major=$(ws_java_major "$c/bin/java")
    if [ -n "$major" ] && [ "$major" -ge 25 ]; then
      WS_JAVA_HOME="$c"
      return 0
    fi
  done
  echo "wirespeed: needs a JDK 25 or newer (none in JAVA_HOME, PATH or /usr/lib/jvm); install one, e.g. 'apt-get install temurin-25-jdk' (adoptium.net) or 'sdk install java 25-tem', then set JAVA_HOME" >&2
  return 1
}

# Maven on JDK 25 warns about its own use of sun.misc.Unsafe; that noise is not ours.
ws_maven_env() {
  export JAVA_HOME="$WS_JAVA_HOME"
  export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
}
