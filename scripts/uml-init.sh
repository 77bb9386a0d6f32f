# SPDX-License-Identifier: GPL-2.0-only
# Body of the init script that scripts/boot generates (variables above).
exec >"$RUN/init.log" 2>&1
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev 2>/dev/null
mount -t debugfs debugfs /sys/kernel/debug
# /tmp stays the host's: the repository (and the command) may live there.
mount -t tmpfs tmpfs /run

finish() {
	echo "$1" >"$RUN/status"
	sync
	poweroff -f
}

for m in $MODULES; do
	insmod "$m" || finish 126
done
for _ in $(seq 500); do
	[ -e /dev/dri/renderD128 ] && break
	sleep 0.02
done
if [ ! -e /dev/dri/renderD128 ]; then
	echo "no /dev/dri/renderD128 appeared"
	finish 127
fi

cd "$CWD"
"${CMD[@]}" >"$RUN/output" 2>&1
rc=$?

if [ "$KMEMLEAK" = 1 ] && [ -e /sys/kernel/debug/kmemleak ]; then
	# kmemleak reports only objects older than 5 s
	sleep 5.5
	echo scan >/sys/kernel/debug/kmemleak
	cat /sys/kernel/debug/kmemleak >"$RUN/kmemleak"
fi
finish "$rc"
