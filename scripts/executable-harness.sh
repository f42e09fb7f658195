#!/usr/bin/env bash
# Runs the mock's shell harness (packages/mock-server/examples/harness.sh) against one executable of
# `npm run build:executable` with no `node` on PATH, only the harness's own tools (issue 42 item 3):
#
#   linux-x64    natively
#   linux-arm64  under qemu-user (Debian's qemu-user and libc6-arm64-cross, for its loader and libc),
#                each start given 120 s instead of 20
#   win-x64      under Wine (Debian's wine64). Wine 8 has no bcryptprimitives.dll, whose ProcessPrng
#                Bun's Windows runtime imports (every Windows 10 and later has it): a stand-in built
#                with mingw-w64 from the C below goes into a Wine prefix under node_modules/.cache.
#
# What is missing is installed with apt-get (CI starts from a machine with only Node and npm).
#
#   bash scripts/executable-harness.sh linux-x64|linux-arm64|win-x64
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?linux-x64, linux-arm64 or win-x64}
exe="$PWD/dist/executable/flight-search-mock-$target"
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo

apt_install() {
  local missing=()
  for package in "$@"; do dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package"); done
  [ ${#missing[@]} = 0 ] && return
  echo "apt-get install ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

case "$target" in
  linux-x64) mock="$exe" ;;
  linux-arm64)
    apt_install qemu-user libc6-arm64-cross
    mock="/usr/bin/qemu-aarch64 -L /usr/aarch64-linux-gnu $exe"
    export FLIGHT_SEARCH_MOCK_START_SECONDS=120 # every start is emulated: the proxy's takes 10 to 30 s
    ;;
  win-x64)
    apt_install wine64 gcc-mingw-w64-x86-64-win32
    wine=/usr/lib/wine/wine64 # Debian's wine64 puts no command on PATH
    [ -x "$wine" ] || wine=$(command -v wine64 || command -v wine)
    export WINEPREFIX="$PWD/node_modules/.cache/flight-search-executable/wine" WINEDEBUG=-all
    dll="$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll"
    if [ ! -e "$dll" ]; then
      "$wine" wineboot --init
      printf '%s\n' '#include <windows.h>' 'BOOLEAN WINAPI SystemFunction036(PVOID, ULONG);' \
        '__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {' \
        '  for (ULONG n; size > 0; data += n, size -= n)' \
        '    if (!SystemFunction036(data, n = size > 0x10000000 ? 0x10000000 : (ULONG)size)) return FALSE;' \
        '  return TRUE;' '}' >"$WINEPREFIX/bcryptprimitives.c"
      x86_64-w64-mingw32-gcc -shared -O2 -s -o "$dll" "$WINEPREFIX/bcryptprimitives.c" -ladvapi32
    fi
    mock="$wine $exe.exe"
    ;;
  *) echo "no way to run $target here: it is checked by its structure (npm run build:executable)" >&2 && exit 2 ;;
esac
[ -e "${exe}" ] || [ -e "${exe}.exe" ] || { echo "no $exe: npm run build:executable -- --target $target" >&2 && exit 1; }

nonode=$(mktemp -d)
trap 'rm -rf "$nonode"' EXIT
for tool in bash curl mktemp sed seq sleep grep cut tr cat rm; do ln -s "$(command -v "$tool")" "$nonode/$tool"; done
if PATH="$nonode" command -v node >/dev/null; then echo "node is on the harness's PATH ($nonode)" >&2 && exit 1; fi
echo "harness.sh against $mock, no node on PATH"
PATH="$nonode" FLIGHT_SEARCH_MOCK="$mock" bash packages/mock-server/examples/harness.sh
