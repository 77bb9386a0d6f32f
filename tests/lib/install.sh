#!/bin/bash
# SPDX-License-Identifier: MIT
# install.sh: `make install` into a temporary PREFIX (and with DESTDIR),
# then build a small program against the installed libetnaviv with
# pkg-config, shared and static, and run it.
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
. "$ROOT/tests/checks.sh"
checks_begin install

P=$T/prefix
if make -s -C "$ROOT" install PREFIX="$P" >"$T/make.log" 2>&1; then
	ok "make install PREFIX"
else
	ko "make install PREFIX" "$(tail -3 "$T/make.log")"
fi
missing=
for f in include/etnaviv/etnaviv.h include/etnaviv/etnaviv_2d.h \
	lib/libetnaviv.a lib/libetnaviv.so lib/libetnaviv.so.1 \
	lib/pkgconfig/libetnaviv.pc bin/etnaviv-info bin/etnaviv-2d-demo \
	bin/etnaviv-top; do
	[ -e "$P/$f" ] || missing="$missing $f"
done
[ -z "$missing" ] && ok "installed files" || ko "installed files" "missing:$missing"
soname=$(objdump -p "$P/lib/libetnaviv.so" 2>/dev/null | awk '/SONAME/ { print $2 }')
[ "$soname" = libetnaviv.so.1 ] && ok "soname" || ko "soname" "'$soname'"
undef=$(nm -D --defined-only "$P/lib/libetnaviv.so" | awk '$2 == "T" { print $3 }' | grep -v '^etnaviv_')
[ -z "$undef" ] && ok "exports only etnaviv_*" || ko "exports only etnaviv_*" "$undef"

cat >"$T/hello.c" <<'EOC'
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <etnaviv.h>
#include <etnaviv_2d.h>

int main(void)
{
	struct etnaviv_device *dev = etnaviv_device_open("/dev/null");

	if (dev || errno != ENODEV)
		return 1;
	printf("bpp %u, pack %#x\n", etnaviv_2d_format_bpp(ETNAVIV_2D_R5G6B5),
	       etnaviv_2d_pack(ETNAVIV_2D_R5G6B5, 0xffffffff));
	return 0;
}
EOC
export PKG_CONFIG_PATH=$P/lib/pkgconfig
if cflags=$(pkg-config --cflags libetnaviv) && libs=$(pkg-config --libs libetnaviv) &&
   [ "$(pkg-config --modversion libetnaviv)" = 1.0.0 ]; then
	ok "pkg-config finds libetnaviv"
else
	ko "pkg-config finds libetnaviv" "no"
fi
if cc -Wall -Werror -o "$T/hello" "$T/hello.c" $cflags $libs 2>"$T/cc.log"; then
	out=$(LD_LIBRARY_PATH=$P/lib "$T/hello")
	[ "$out" = "bpp 2, pack 0xffff" ] && ok "shared program runs" ||
		ko "shared program runs" "'$out'"
	# ldd's output whole first: grep -q stops reading at the match, and
	# with pipefail ldd's SIGPIPE would fail the check now and then
	linked=$(LD_LIBRARY_PATH=$P/lib ldd "$T/hello")
	if grep -q "libetnaviv.so.1 => $P/lib" <<<"$linked"; then
		ok "linked against the soname"
	else
		ko "linked against the soname" "$(tr '\n' ' ' <<<"$linked")"
	fi
else
	ko "shared program builds" "$(head -5 "$T/cc.log")"
fi
if cc -Wall -Werror -o "$T/hello-static" "$T/hello.c" $cflags "$P/lib/libetnaviv.a" \
	2>"$T/cc.log" && [ "$("$T/hello-static")" = "bpp 2, pack 0xffff" ]; then
	ok "static program builds and runs"
else
	ko "static program builds and runs" "$(head -5 "$T/cc.log")"
fi
if c++ -Wall -Werror -x c++ -fsyntax-only $cflags - <<<'#include <etnaviv_2d.h>
int main() { return etnaviv_2d_format_bpp(ETNAVIV_2D_A8R8G8B8) != 4; }' 2>"$T/cc.log"; then
	ok "headers compile as C++"
else
	ko "headers compile as C++" "$(head -3 "$T/cc.log")"
fi

D=$T/destdir
if make -s -C "$ROOT" install DESTDIR="$D" PREFIX=/opt/etna >"$T/make.log" 2>&1 &&
   [ -e "$D/opt/etna/lib/libetnaviv.so.1" ] &&
   grep -qx 'prefix=/opt/etna' "$D/opt/etna/lib/pkgconfig/libetnaviv.pc"; then
	ok "DESTDIR staging keeps PREFIX in the .pc"
else
	ko "DESTDIR staging keeps PREFIX in the .pc" "$(tail -3 "$T/make.log")"
fi
checks_end
