#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# params.sh OUT: run inside a simulated board (scripts/boot ... --
# tests/uml/params.sh build). Reloads the etnaviv driver the board booted
# with (ours: OUT/driver-FLAVOUR/etnaviv.ko; upstream: the kernel's) with
# hw_job_limit=2 job_hang_limit=1 dump_core=0, checks that the module
# shows those values, then runs the functional suite's "limits" and
# "coredump" groups, which test the behaviour the values ask for: two
# jobs on the ring of a frozen core, a hung job run again after the reset,
# no dump while dump_core is 0 (and one once it is armed again).
set -uo pipefail
OUT=$(cd "${1:?usage: params.sh OUT}" && pwd) || exit 1
. "$(dirname "$0")/../checks.sh"
checks_begin "params-${ETNAVIV_DRIVER:-?}"

case ${ETNAVIV_DRIVER:-ours} in
upstream) ko=$ETNAVIV_KDIR/drivers/gpu/drm/etnaviv/etnaviv.ko ;;
*) ko=$OUT/driver-$ETNAVIV_FLAVOUR/etnaviv.ko ;;
esac

if rmmod etnaviv && insmod "$ko" hw_job_limit=2 job_hang_limit=1 dump_core=0; then
	ok reload
else
	ko reload "rmmod/insmod $ko failed"
	checks_end
	exit 1
fi
for _ in $(seq 500); do
	[ -e /dev/dri/renderD128 ] && break
	sleep 0.02
done
# what loading a module allocates looks leaked to UML's kmemleak
"$UML_INIT" set-aside
P=/sys/module/etnaviv/parameters
got="$(cat $P/hw_job_limit) $(cat $P/job_hang_limit) $(cat $P/dump_core)"
if [ "$got" = "2 1 N" ]; then
	ok values
else
	ko values "hw_job_limit job_hang_limit dump_core read '$got', want '2 1 N'"
fi
# out of range: refused at load (ours checks 1..16)
if [ "${ETNAVIV_DRIVER:-ours}" = ours ]; then
	rmmod etnaviv
	if insmod "$ko" hw_job_limit=0 2>/dev/null || insmod "$ko" hw_job_limit=17 2>/dev/null; then
		ko range "hw_job_limit 0 or 17 accepted"
		rmmod etnaviv
	else
		ok range
	fi
	insmod "$ko" hw_job_limit=2 job_hang_limit=1 dump_core=0 || ko reload2 "insmod failed"
	for _ in $(seq 500); do
		[ -e /dev/dri/renderD128 ] && break
		sleep 0.02
	done
	"$UML_INIT" set-aside
fi

"$OUT/tests/functional" limits coredump
rc=$?
checks_end && exit $rc
