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

# vgem (and the shmem helpers it needs), which several tests import
# buffers from, is loaded here, before kmemleak's baseline is taken.
for m in drm_shmem_helper vgem/vgem; do
	m=$ETNAVIV_KDIR/drivers/gpu/drm/$m.ko
	[ -e "$m" ] && { insmod "$m" 2>/dev/null || true; }
done
[ "$KMEMLEAK" = 1 ] && "$KMEMLEAK_BASELINE" --clear

cd "$CWD"
"${CMD[@]}" >"$RUN/output" 2>&1
rc=$?

if [ "$KMEMLEAK" = 1 ] && [ -e /sys/kernel/debug/kmemleak ]; then
	"$KMEMLEAK_BASELINE"
	cat /sys/kernel/debug/kmemleak >"$RUN/kmemleak"
fi
finish "$rc"
