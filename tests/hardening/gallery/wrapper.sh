#!/bin/sh
# The commonest engine shape: a wrapper that starts the real engine without `exec`, so
# the shell waits and its child holds stdout open.
python3 "$(dirname "$0")/engine.py" "$@"
echo "wrapper: the engine ended" >&2
