# Sourced by .ci/run (issue 57): a MongoDB-wire server for the MongoDB side of the tests, FerretDB
# 1.24.2 from the Go module proxy, on a free port of 127.0.0.1. Exports TEST_MONGODB_URI for the
# tests and stops the server when the run ends. Where Go is not installed, nothing is started and
# the tests say what they skipped.
#
# Its backend is the machine's PostgreSQL (127.0.0.1:5432, trust auth), in a database of its own
# created here and dropped at the end: FerretDB's main backend. The first runs used SQLite in a
# temporary folder (no service needed), but under the full suite's load FerretDB's SQLite driver
# died twice with SIGBUS in SQLite's WAL index, taking every MongoDB test after it down; on
# PostgreSQL the same tests pass. Where PostgreSQL cannot be reached, SQLite in a temporary folder
# is used, and the run says so. Both backends apply an update as a read and a rewrite by _id
# (docs/decisions.md, issue 57).

FERRETDB_VERSION=1.24.2
FERRETDB_MODULE=github.com/FerretDB/FerretDB

# Builds FerretDB once per machine into Go's bin folder. `go install …/cmd/ferretdb@v1.24.2`
# builds, but the binary refuses to start: the module as published lacks the version file its
# build step writes (build/version/version.txt), and a program whose main module is FerretDB
# panics without it. So the same module, from the same module cache, is built with that one file
# written.
ferretdb_install() {
  local bin="$1"
  if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "v$FERRETDB_VERSION"; then return 0; fi
  local dir work
  dir="$(go mod download -json "$FERRETDB_MODULE@v$FERRETDB_VERSION" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
  [ -d "$dir" ] || { echo "FerretDB: the module did not download" >&2; return 1; }
  work="$(mktemp -d)"
  cp -R "$dir"/. "$work"
  chmod -R u+w "$work"
  echo "v$FERRETDB_VERSION" > "$work/build/version/version.txt"
  mkdir -p "$(dirname "$bin")"
  (cd "$work" && go build -o "$bin" ./cmd/ferretdb)
  rm -rf "$work"
}

ferretdb_start() {
  if ! command -v go >/dev/null 2>&1; then
    echo "FerretDB: Go is not installed; the MongoDB side of the tests will say it is skipped."
    return 0
  fi
  local bin
  bin="$(go env GOPATH)/bin/ferretdb-$FERRETDB_VERSION"
  local started=$SECONDS
  ferretdb_install "$bin" || {
    echo "FerretDB: could not be built; the MongoDB side of the tests will say it is skipped." >&2
    return 0
  }
  FERRETDB_DIR="$(mktemp -d)"
  mkdir -p "$FERRETDB_DIR/data"
  local port backend
  port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
  FERRETDB_PG_DB="ferretdb_ci_$$_$RANDOM"
  if command -v psql >/dev/null 2>&1 &&
    psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE $FERRETDB_PG_DB" >/dev/null 2>&1; then
    backend="PostgreSQL database $FERRETDB_PG_DB on 127.0.0.1:5432"
    set -- --handler=postgresql --postgresql-url="postgres://postgres@127.0.0.1:5432/$FERRETDB_PG_DB"
  else
    FERRETDB_PG_DB=
    backend="SQLite in a temporary folder (PostgreSQL on 127.0.0.1:5432 could not be reached)"
    set -- --handler=sqlite --sqlite-url="file:$FERRETDB_DIR/data/"
  fi
  "$bin" "$@" --listen-addr="127.0.0.1:$port" \
    --state-dir="$FERRETDB_DIR" --telemetry=disable --debug-addr=- --log-level=warn \
    >"$FERRETDB_DIR/ferretdb.log" 2>&1 &
  FERRETDB_PID=$!
  trap ferretdb_stop EXIT
  for _ in $(seq 1 100); do
    if node -e "require('net').connect($port,'127.0.0.1').on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))"; then
      export TEST_MONGODB_URI="mongodb://127.0.0.1:$port/"
      echo "FerretDB $FERRETDB_VERSION ($backend) on 127.0.0.1:$port, ready in $((SECONDS - started)) s"
      return 0
    fi
    if ! kill -0 "$FERRETDB_PID" 2>/dev/null; then break; fi
    sleep 0.2
  done
  echo "FerretDB did not start:" >&2
  cat "$FERRETDB_DIR/ferretdb.log" >&2
  return 1
}

ferretdb_stop() {
  if [ -n "${FERRETDB_PID:-}" ]; then
    # A server that died during the run takes the MongoDB tests after it down: its last words.
    if ! kill -0 "$FERRETDB_PID" 2>/dev/null; then
      echo "FerretDB had stopped before the end of the run; the end of its log:" >&2
      tail -n 40 "$FERRETDB_DIR/ferretdb.log" >&2 || true
    fi
    kill "$FERRETDB_PID" 2>/dev/null || true
    wait "$FERRETDB_PID" 2>/dev/null || true
    FERRETDB_PID=
  fi
  if [ -n "${FERRETDB_PG_DB:-}" ]; then
    psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS $FERRETDB_PG_DB" >/dev/null 2>&1 || true
    FERRETDB_PG_DB=
  fi
  if [ -n "${FERRETDB_DIR:-}" ]; then rm -rf "$FERRETDB_DIR"; fi
}
