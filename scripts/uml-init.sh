# SPDX-License-Identifier: GPL-2.0-only
# Body of the init script that scripts/boot generates (variables above).
# What needs no shell is done by scripts/uml-init.c ($UML_INIT): under
# UML every program started costs a new host address space.
exec >"$RUN/init.log" 2>&1

# shellcheck disable=SC2086 # MODULES is a list of paths
"$UML_INIT" start "$KMEMLEAK" $MODULES
rc=$?
[ "$rc" = 0 ] || exec "$UML_INIT" finish "$RUN" "$rc" 0

cd "$CWD"
"${CMD[@]}" >"$RUN/output" 2>&1
exec "$UML_INIT" finish "$RUN" "$?" "$KMEMLEAK"
