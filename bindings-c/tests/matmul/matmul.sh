#!/bin/sh
# matmul.sh REPO BUILD WORK: the blocked matrix multiplication (matmul.idl, matmul.c) built by
# braid-c-buildapp --build, run by scripts/braid-run --lang=c on a local worker: 3 x 3 blocks of
# 16 x 16, 27 block-product tasks chained through the C blocks' files; the program checks every
# element against its own product and prints one line, which must say "right".
set -eu
repo=$1 build=$2 work=$3
rm -rf "$work" && mkdir -p "$work"
cp "$repo/bindings-c/tests/matmul/"matmul* "$work/"
cd "$work"
export BRAID_CFLAGS="-I$repo/bindings-c/include -Wall -Wextra -Werror"
export BRAID_LIBS="-L$build -lbraid -Wl,-rpath,$build"
CC=gcc "$repo/scripts/braid-c-buildapp" --build matmul.idl --main matmul.c --functions matmul-functions.c
"$repo/scripts/braid-run" --lang=c --summary --base_log_dir="$work/logs" ./matmul 3 16 "$work/blocks" >all.txt
cat all.txt
grep '^matmul ' all.txt >out.txt || true
expected="matmul 3x3 blocks of 16x16: right, sum $(python3 -c "
n = 48
A = lambda i, j: (i + 2 * j) % 7 - 3
B = lambda i, j: (3 * i + j) % 5 - 2
print(sum(A(i, k) * B(k, j) for i in range(n) for j in range(n) for k in range(n)))")"
[ "$(cat out.txt)" = "$expected" ] || { echo "matmul.sh: expected '$expected'" >&2; exit 1; }
# braid-run's --summary (written at braid_off): 27 block products, 27 block inits and 9 sums ran as tasks.
for row in "Matmul.multiply_accumulate 27" "Matmul.init_block 27" "Matmul.block_sum 9"; do
  set -- $row
  grep -qE "^$1 +$2 " all.txt || { echo "matmul.sh: the summary lacks '$1 $2'" >&2; exit 1; }
done
