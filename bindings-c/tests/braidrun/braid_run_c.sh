#!/bin/bash
# braid_run_c.sh REPO APP WORK: scripts/braid-run runs a C program (braid_run_app.c) with its options
# (BRAID_RUN_OPTIONS for braid_on), passing stdout, stderr, arguments and exit status through;
# inferred as C without --lang; stopped with braid-run on SIGTERM and on SIGKILL.
set -u
repo=$1 app=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
cp "$app" "$work/app"
cd "$work"
fail() { echo "braid_run_c.sh: $*" >&2; exit 1; }
run="$repo/scripts/braid-run"

# Options reach braid_on (the log directory) and its JVM (--jvm_master_opts), arguments with blanks and quotes pass unchanged,
# stdout and stderr are the program's, the exit status is its own.
"$run" --lang=c --specific_log_dir="$work/my logs" --jvm_master_opts="-Xlog:gc:file=$work/gc-%p.log" \
  ./app exit 3 "two words" "it's" >out.txt 2>err.txt
status=$?
[ "$status" = 3 ] || fail "exit status $status, expected 3: $(cat err.txt)"
grep -qxF "args: [exit] [3] [two words] [it's]" out.txt || fail "arguments: $(cat out.txt)"
grep -qxF "log dir: $work/my logs" out.txt || fail "the log dir option did not reach braid_on: $(cat out.txt)"
grep -qxF "to stderr" err.txt || fail "stderr: $(cat err.txt)"
[ -f "$work/my logs/runtime.log" ] || fail "no runtime.log in the log dir braid-run was given"
# --jvm_master_opts: braid-run's JVM and the program's (its master) each wrote a GC log.
[ "$(ls "$work"/gc-*.log | wc -l)" = 2 ] || fail "--jvm_master_opts did not reach the program's JVM: $(ls "$work")"

# Without --lang: a path to an ELF executable is a C program.
"$run" --specific_log_dir="$work/inferred" ./app exit 0 >out.txt 2>err.txt || fail "inferred: $(cat err.txt)"
grep -qxF "args: [exit] [0]" out.txt || fail "inferred: $(cat out.txt)"

# A wrong option is braid-run's usage error, before the program starts.
"$run" --lang=c --no_such_option ./app exit 0 >out.txt 2>err.txt
status=$?
[ "$status" = 2 ] || fail "a wrong option: exit status $status, expected 2"
[ ! -s out.txt ] || fail "the program ran despite a wrong option"
"$run" --lang=c ./missing >out.txt 2>err.txt
[ "$(cat err.txt)" = "braid-run: ./missing: no such C program (the executable braid-c-buildapp --build makes)" ] \
  || fail "a missing program: $(cat err.txt)"

# braid-run stopped, then killed outright: the program ends with it.
wait_for() { # CONDITION-COMMAND... : polls up to 60 s
  for _ in $(seq 600); do "$@" && return 0; sleep 0.1; done
  return 1
}
for sig in TERM KILL; do
  rm -f pid
  "$run" --lang=c --specific_log_dir="$work/wait-$sig" ./app wait "$work/pid" >/dev/null 2>"wait-$sig.err" &
  braid_run=$!
  wait_for sh -c "test -s pid || ! kill -0 $braid_run 2>/dev/null"
  [ -s pid ] || fail "the program did not start (SIG$sig): $(cat "wait-$sig.err")"
  child=$(cat pid)
  kill -s "$sig" "$braid_run"
  wait_for sh -c "! kill -0 $child 2>/dev/null" || { kill -9 "$child"; fail "the program outlived braid-run (SIG$sig)"; }
  wait "$braid_run" 2>/dev/null
done
echo "braid_run_c.sh: ok"
