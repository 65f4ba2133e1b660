# Sourced by the tests that need a standalone stream server (bash):
#   start_stream_server REPO WORK_DIR
# starts scripts/braid-stream-server on loopback, exports BRAID_STREAM_SERVER and
# BRAID_STREAM_SECRET_FILE from its first two lines, and stops it when the script exits.
start_stream_server() {
  local repo=$1 work=$2 first second
  coproc STREAM_SERVER { exec "$repo/scripts/braid-stream-server" --port=0 --host=127.0.0.1 --work_dir="$work/server" 2>"$work/server.err"; }
  stream_server_pid=$STREAM_SERVER_PID
  trap 'stop_stream_server' EXIT
  read -r -t 120 -u "${STREAM_SERVER[0]}" first || { echo "no address from the stream server (log: $work/server.err)" >&2; exit 1; }
  read -r -t 30 -u "${STREAM_SERVER[0]}" second || { echo "no secret file from the stream server" >&2; exit 1; }
  case "$first" in BRAID_STREAM_SERVER=*) ;; *) echo "stream server said: $first" >&2; exit 1 ;; esac
  export "$first" "$second"
}

stop_stream_server() {
  [ -n "${on_exit:-}" ] && eval "$on_exit"
  kill "$stream_server_pid" 2>/dev/null || true
  wait "$stream_server_pid" 2>/dev/null || true
}

# run_c_beside_java REPO WORK_DIR JAVA_PACKAGE_DIR MAIN_CLASS C_PROGRAM [ARGS...]
# Compiles the Java application in JAVA_PACKAGE_DIR (its *.java) into WORK_DIR/classes, starts a
# stream server, then runs the Java application (braid-run MAIN_CLASS ARGS) and C_PROGRAM ARGS at
# the same time. Prints both outputs (WORK_DIR/{java,c}.{out,err}); exits non-zero unless both
# succeed. When the C program fails, the Java run is stopped: its tasks would wait for C writers
# that are gone.
run_c_beside_java() {
  local repo=$1 work=$2 java_dir=$3 main_class=$4 cprog=$5 c_status=0 java_status=0
  shift 5
  mkdir -p "$work/classes"
  "${JAVA_HOME:+$JAVA_HOME/bin/}javac" -d "$work/classes" -cp "$repo/runtime/dist/target/braid.jar" "$java_dir"/*.java
  java_pid=
  on_exit='[ -n "$java_pid" ] && kill "$java_pid" 2>/dev/null || true'
  start_stream_server "$repo" "$work"
  timeout 240 "$repo/scripts/braid-run" --base_log_dir="$work/logs" --log_level=info -cp "$work/classes" "$main_class" \
    "$@" >"$work/java.out" 2>"$work/java.err" &
  java_pid=$!
  timeout 240 "$cprog" "$@" >"$work/c.out" 2>"$work/c.err" || c_status=$?
  [ "$c_status" -eq 0 ] || kill "$java_pid" 2>/dev/null || true
  wait "$java_pid" || java_status=$?
  java_pid=
  echo "--- C program (status $c_status)"; cat "$work/c.out" "$work/c.err"
  echo "--- Java application (status $java_status)"; cat "$work/java.out" "$work/java.err"
  [ "$c_status" -eq 0 ] || { echo "the C program failed" >&2; exit 1; }
  [ "$java_status" -eq 0 ] || { echo "the Java application failed" >&2; exit 1; }
}
