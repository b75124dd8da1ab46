# Sourced by the scripts: decides how wasm is built on this machine and sets
# PATH and the build variables accordingly. See ../shared/TOOLCHAIN.md.
#
# RANKLAB_WASM_ROUTE=rustup     the active rustup toolchain has the wasm32 std
# RANKLAB_WASM_ROUTE=build-std  Debian's rustc-web builds std from source
ranklab_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export PATH="$HOME/.cargo/bin:$ranklab_root/node_modules/.bin:$PATH"
if [ -z "${RANKLAB_WASM_ROUTE:-}" ]; then
  if command -v rustup >/dev/null 2>&1 && rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    RANKLAB_WASM_ROUTE=rustup
  else
    RANKLAB_WASM_ROUTE=build-std
  fi
fi
export RANKLAB_WASM_ROUTE
export RANKLAB_PEERS_VENV="${RANKLAB_PEERS_VENV:-$ranklab_root/target/peers-venv}"

# wasm_env CMD...: runs CMD with the environment that builds wasm32.
# On the build-std route, std is compiled with the app, and two unstable
# flags (no stable compiler takes them, so the rustup route goes without)
# shrink what the browser fetches; scripts/build prints the sizes:
#   -Zlocation-detail=none  panics keep their message but not their file and
#                           line (no file names in the wasm; the panic notice
#                           leaves the place out)
#   -Zfmt-debug=shallow     a derived `{:?}` writes only the type's or variant's
#                           name: whatever a person reads or a test compares is
#                           written with Display or by hand (`none`, which also
#                           empties `{:?}` of strings, saved 0.9 KB more but
#                           blanks the string in serde's "invalid type" messages)
wasm_env() {
  if [ "$RANKLAB_WASM_ROUTE" = build-std ]; then
    PATH="/usr/bin:$PATH" \
    RUSTC_BOOTSTRAP=1 \
    CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=wasm-ld-19 \
    CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="-Zlocation-detail=none -Zfmt-debug=shallow" \
    CARGO_TARGET_DIR="$ranklab_root/target/wasm" \
      "$@"
  else
    CARGO_TARGET_DIR="$ranklab_root/target/wasm" "$@"
  fi
}

# Total and stolen jiffies of all CPUs so far (/proc/stat's first line), for
# the benchmarks: on a virtual machine whose host takes CPU time from it
# (steal), wall times mislead, and the benchmarks say how much was taken.
jiffies() { awk '$1 == "cpu" { t = 0; for (i = 2; i <= 9; i++) t += $i; print t, $9 }' /proc/stat; }
