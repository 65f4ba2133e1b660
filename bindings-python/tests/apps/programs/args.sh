#!/bin/sh
# Prints its arguments one per line (the task's stdout, redirected to a FILE_OUT), then copies
# --in=FILE into --out=FILE in upper case.
for a in "$@"; do
  echo "$a"
  case "$a" in
    --in=*) src="${a#--in=}" ;;
    --out=*) dst="${a#--out=}" ;;
  esac
done
tr 'a-z' 'A-Z' < "$src" > "$dst"
