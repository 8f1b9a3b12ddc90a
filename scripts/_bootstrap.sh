# Sourced by the scripts: make sure .venv exists and holds this checkout's install.
# Reinstalls when pyproject.toml changed since the last install.
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
VENV=${MEEPLESIM_VENV:-$ROOT/.venv}
PY=${PYTHON:-python3}
if [ ! -x "$VENV/bin/python" ]; then
    echo "meeplesim: creating $VENV" >&2
    "$PY" -m venv "$VENV" || { echo "meeplesim: could not create a virtualenv with $PY" >&2; exit 1; }
fi
STAMP="$VENV/.meeplesim-install-stamp"
if [ ! -f "$STAMP" ] || [ "$ROOT/pyproject.toml" -nt "$STAMP" ] || ! "$VENV/bin/python" -c "import experiments.cli" 2>/dev/null; then
    echo "meeplesim: installing the project and its test tools into $VENV" >&2
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check -e "$ROOT[test]" \
        2> >(grep -v "^WARNING: Location" >&2) \
        || { echo "meeplesim: pip install failed" >&2; exit 1; }
    touch "$STAMP"
fi
export PATH="$VENV/bin:$PATH"
