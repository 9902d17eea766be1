#!/bin/sh
# expect_exit.sh CODE|fail COMMAND...: runs COMMAND (its output passes through) and, when its exit
# status is not CODE (or, for "fail", not a plain failure 1..125: a crash or a signal is not one),
# prints the marker PHONEGYM-EXIT-MISMATCH, which the cli_* tests' FAIL_REGULAR_EXPRESSION catches.
# CTest's PASS_REGULAR_EXPRESSION alone ignores the exit status: a command that printed the right
# error and exited 0 would pass.
want=$1
shift
"$@"
rc=$?
if [ "$want" = fail ]; then
  if [ "$rc" -ge 1 ] && [ "$rc" -le 125 ]; then exit 0; fi
elif [ "$rc" = "$want" ]; then
  exit 0
fi
echo "PHONEGYM-EXIT-MISMATCH: '$1' exited $rc, expected $want"
exit 1
