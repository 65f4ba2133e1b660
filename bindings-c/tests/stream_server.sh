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
