# Sourced by tools/instructions.sh and tools/env_instructions.sh: counts the instructions
# (valgrind callgrind) a piece of Python runs, with this checkout's ygosim first on the path.
# Usage (after `. tools/callgrind.sh`): instructions CODE ARG...   -> prints the count
here=$(cd "$(dirname "$0")/.." && pwd)           # this checkout's ygosim, not an installed one
py=$(python3 -c "import sys; print(sys.executable)")    # the interpreter itself, not a shim
instructions() {
    code=$1
    shift
    cd "$here" && PYTHONPATH="$here" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        "$py" -c "$code" "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
