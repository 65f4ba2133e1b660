#!/bin/sh
# expect_stderr.sh MODE PROGRAM [ARGS...]: runs the program and checks its stderr.
#   clean: no Java stack trace ("\tat ...", "Exception in thread") on it.
#   empty: nothing at all on it.
#   "line:TEXT": exactly one line, containing TEXT, and a non-zero exit status.
#   "error:TEXT": exactly one "[braid] ERROR:" line, containing TEXT, no Java stack trace, and a
#     non-zero exit status (a failed run's report: the runtime adds its "worker log:" and "logs:" lines).
mode=$1; shift
err=$(mktemp)
"$@" 2>"$err"
status=$?
cat "$err" >&2
fail() { echo "expect_stderr.sh: $*" >&2; rm -f "$err"; exit 1; }
case "$mode" in
  clean) if grep -qE '^[[:space:]]+at |Exception in thread' "$err"; then fail "a Java stack trace reached stderr"; fi ;;
  empty) if [ -s "$err" ]; then fail "stderr is not empty"; fi ;;
  line:*) text=${mode#line:}
     [ "$status" -ne 0 ] || fail "exit status 0, expected non-zero"
     [ "$(wc -l <"$err")" -eq 1 ] || fail "expected one line on stderr"
     grep -qF -- "$text" "$err" || fail "stderr lacks '$text'"
     rm -f "$err"; exit 0 ;;
  error:*) text=${mode#error:}
     [ "$status" -ne 0 ] || fail "exit status 0, expected non-zero"
     if grep -qE '^[[:space:]]+at |Exception in thread' "$err"; then fail "a Java stack trace reached stderr"; fi
     [ "$(grep -c '^\[braid\] ERROR:' "$err")" -eq 1 ] || fail "expected one [braid] ERROR line on stderr"
     grep '^\[braid\] ERROR:' "$err" | grep -qF -- "$text" || fail "the [braid] ERROR line lacks '$text'"
     rm -f "$err"; exit 0 ;;
  *) fail "unknown mode $mode" ;;
esac
rm -f "$err"
exit $status
