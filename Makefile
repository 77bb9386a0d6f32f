# SPDX-License-Identifier: GPL-2.0-only
#
# make        build everything (installs missing Debian packages first)
# make run    boot the simulated i.MX6Q board and show the GPU at work, then
#             kmscube on the i.MX6 SoloX's display (build/kmscube.png)
# make check  run every test; ends with "N passed, N failed"
# make mesa   Mesa's etnaviv driver, built from Debian's source (in the cache)
# make bench  benchmarks (not part of check)
# make mutate planted bugs (tests/mutate/mutants), each against its tests
# make piglit piglit's GLES2 and GLSL 1.10/1.20 tests, llvmpipe vs the model
# make fuzz   the fuzzers in the boards (FUZZ_SECONDS=, FUZZ_SEED=, scripts/fuzz)
# make install PREFIX=DIR  the library, its headers, pkg-config file and tools
# make package      Debian packages in build/packages (amd64, armhf, arm64)
# make package-test install them in armhf and arm64 Debian 12 root file
#                   systems under qemu-user-static (slow; not part of check)

SHELL := /bin/bash
B := build
CACHE ?= $(or $(ETNAVIV_CACHE),$(or $(XDG_CACHE_HOME),$(HOME)/.cache)/etnaviv)
UAPI := $(CACHE)/uapi/include
# kobj FLAVOUR: the cache's kernel build of a flavour (scripts/common.sh).
kobj = $(shell . scripts/common.sh && kobj $(1))
CFLAGS_USER := -O2 -g -Wall -Wextra -Wno-unused-parameter -Werror -std=gnu11
# The model's core in user space: built as the kernel builds it, with
# -fno-strict-aliasing (the 2D engine reads its span buffers, unions, as
# bytes, pixels and words), and given the two kernel attribute macros it
# uses that sim/vgc.h does not define for user space.
SIM_CFLAGS := $(CFLAGS_USER) -fno-strict-aliasing -Isim \
	-D'noinline=__attribute__((__noinline__))' \
	-D'__always_inline=inline __attribute__((__always_inline__))'
SANITIZE := -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
# The model's unit tests and its fuzzer (tests/sim): a float converted to
# an integer type that cannot hold it is undefined too (issue 30).
SIM_SANITIZE := $(SANITIZE) -fsanitize=float-cast-overflow

BOARDS := $(patsubst boards/%.dts,%,$(wildcard boards/*.dts))
DTBS := $(BOARDS:%=$(B)/boards/%.dtb)
SIM_SRC := $(wildcard sim/*.c sim/*.h sim/uml/*.c sim/uml/*.h sim/Kbuild)
TOOLS := $(B)/tools/gpu-list $(B)/tools/gpu-workload
CS_TOOLS := etnaviv-disasm etnaviv-asm
TOOLS += $(CS_TOOLS:%=$(B)/tools/%)
LIB_TOOLS := $(B)/tools/etnaviv-info $(B)/tools/etnaviv-2d-demo
TOOLS += $(LIB_TOOLS)
# etnaviv-top: ncurses, the UAPI header, no libetnaviv
TOP_TOOL := $(B)/tools/etnaviv-top
TOOLS += $(TOP_TOOL)
# lcdif-frame: the display model's frames as PNG files (libpng, zlib)
FRAME_TOOL := $(B)/tools/lcdif-frame
TOOLS += $(FRAME_TOOL)
UML_TESTS := $(patsubst tests/uml/%.c,$(B)/tests/%,$(wildcard tests/uml/*.c))
# The test programs of several files: tests/uml/NAME/*.c (lib/: the tests'
# helper library, below).
UML_SUITES := $(filter-out lib,$(patsubst tests/uml/%/,%,$(wildcard tests/uml/*/)))
UML_TESTS += $(UML_SUITES:%=$(B)/tests/%)
# The tests' helper library (tests/uml/lib/, its gc_regs.h generated from
# hw/): every program of tests/uml and tests/gl links it.
TESTLIB := $(B)/tests/lib/libtest.a
TESTLIB_OBJS := $(patsubst tests/uml/lib/%.c,$(B)/tests/lib/%.o,$(wildcard tests/uml/lib/*.c))
TEST_HDRS := $(wildcard tests/uml/lib/*.h tests/uml/*.h)
TEST_CFLAGS := $(CFLAGS_USER) -I$(UAPI) -Itests/uml/lib -Itests/uml
SIM_TESTS := $(patsubst tests/sim/test_%.c,$(B)/tests/sim-%,$(wildcard tests/sim/test_*.c))
UNIT_TESTS := $(SIM_TESTS) $(B)/tests/uapi-layout
UNIT_TESTS += $(B)/tests/etna-states $(CS_TOOLS:%=$(B)/tests/tools/%)
UNIT_TESTS += $(B)/tests/lib-unit
# hw/: the hardware facts and what is generated from them (hw/gen.py).
ETNA_STATES := tools/etna_states.c tools/etna_states.h tools/etna_states_gen.h
UNIT_TESTS += $(B)/tests/hw-consistency

# libetnaviv (MIT): a static and a shared library from lib/*.c. The
# project's one version: VERSION (debian/changelog says the same; checked).
LIB_VERSION := $(shell cat VERSION)
LIB_SONAME := libetnaviv.so.1
LIB_HDRS := lib/etnaviv.h lib/etnaviv_2d.h
LIB_OBJS := $(patsubst lib/%.c,$(B)/lib/%.o,$(wildcard lib/*.c))
LIB_A := $(B)/lib/libetnaviv.a
LIB_SO := $(B)/lib/libetnaviv.so.$(LIB_VERSION)
LIBS := $(LIB_A) $(LIB_SO)
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
PKG_CONFIG ?= pkg-config
BENCHES := $(B)/tests/bench-de $(B)/tests/bench-3d
# GL programs over the system's glvnd libraries (Mesa inside the boards).
GL_TOOLS := $(B)/tools/etnaviv-gl-info $(B)/tools/etnaviv-gl-demo $(B)/tools/etnaviv-gl-cube
GL_TOOLS += $(B)/tools/etnaviv-gl-bench
GL_TESTS := $(patsubst tests/gl/%.c,$(B)/tests/gl-%,$(wildcard tests/gl/*.c))

# One step at a time, in the order written: the kernels, the UAPI headers
# and the packages come first (the kernel builds run in parallel inside).
.NOTPARALLEL:

.PHONY: all deps kernels kernel-% module-% driver-% run check bench clean install lib boards-table hw mesa piglit fuzz mutate package package-test stress
all: deps kernels mesa module-plain module-debug driver-plain driver-debug $(B)/uml-init $(DTBS) $(LIBS) $(TOOLS) $(UML_TESTS) $(UNIT_TESTS) $(BENCHES) $(GL_TOOLS) $(GL_TESTS)

deps:
	@scripts/deps

kernels:
	@scripts/build-kernel plain debug

kernel-%:
	@scripts/build-kernel $*

# Mesa 22.3 from Debian's source package, etnaviv and kmsro, in the cache
# (about 12 minutes the first time; nothing after).
mesa:
	@scripts/build-mesa

# The model module, built per kernel flavour in a copy of sim/.
module-%: $(SIM_SRC)
	@mkdir -p $(B)/sim-$*
	@rsync -a --delete --exclude '*.o' --exclude '.*.cmd' sim/ $(B)/sim-$*/src/
	@$(MAKE) -s -C $(CACHE)/linux-source-6.1 O=$(call kobj,$*) ARCH=um \
		M=$(CURDIR)/$(B)/sim-$*/src modules
	@cp $(B)/sim-$*/src/vgc-model.ko $(B)/sim-$*/src/lcdif-model.ko $(B)/sim-$*/

# Our driver (and its KUnit module), built out of tree per kernel flavour
# against our UAPI header, which must win over the kernel tree's copy.
DRIVER_SRC := $(wildcard drivers/gpu/drm/etnaviv/*) include/uapi/drm/etnaviv_drm.h
driver-%: $(DRIVER_SRC)
	@mkdir -p $(B)/driver-$*
	@rsync -a --delete --exclude '*.o' --exclude '.*.cmd' drivers/gpu/drm/etnaviv/ $(B)/driver-$*/src/
	@$(MAKE) -s -C $(CACHE)/linux-source-6.1 O=$(call kobj,$*) ARCH=um \
		M=$(CURDIR)/$(B)/driver-$*/src CONFIG_DRM_ETNAVIV=m \
		CONFIG_DRM_ETNAVIV_KUNIT_TEST=m \
		NOSTDINC_FLAGS="-nostdinc -I$(CURDIR)/include/uapi -I$(CACHE)/linux-source-6.1/include/uapi/drm" modules
	@cp $(B)/driver-$*/src/etnaviv.ko $(B)/driver-$*/src/etnaviv-kunit.ko $(B)/driver-$*/

$(B)/boards/%.dtb: boards/%.dts $(wildcard boards/*.dtsi)
	@mkdir -p $(@D)
	dtc -q -I dts -O dtb -i boards -o $@ $<

# The table of boards/README.md follows the board manifest: after a change
# to the manifest, `make boards-table` rewrites it (tests/boards-manifest.sh, in
# make check, fails while the committed table is stale).
boards-table:
	@scripts/boards-table --update

# The command-stream tools: plain C with the shared decoding tables (and,
# for tests/tools/, the same built with the sanitizers).
$(CS_TOOLS:%=$(B)/tools/%): $(B)/tools/%: tools/%.c $(ETNA_STATES)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) $(LDFLAGS) -o $@ $(filter %.c,$^) -lm

$(CS_TOOLS:%=$(B)/tests/tools/%): $(B)/tests/tools/%: tools/%.c $(ETNA_STATES)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) $(SANITIZE) -o $@ $(filter %.c,$^) -lm

# etnaviv-asm's parts besides its main file.
ASM_PARTS := tools/etnaviv_asm.h tools/etnaviv_asm_parse.c tools/etnaviv_asm_cmd.c
$(B)/tools/etnaviv-asm $(B)/tests/tools/etnaviv-asm: $(ASM_PARTS)

$(B)/tests/etna-states: tests/tools/etna-states.c $(ETNA_STATES) tests/uml/lib/gc_regs.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) $(SANITIZE) -Itools -Itests/uml/lib -o $@ $(filter %.c,$^)

# The facts (hw/gc.db) against the validator's table, the tools' tables
# and the states the model reads as addresses; `make hw` regenerates the
# files hw/gen.py writes (make check fails while one is stale).
$(B)/tests/hw-consistency: tests/hw/consistency.c $(ETNA_STATES) sim/vgc_addrs.c \
		$(wildcard sim/*.h) drivers/gpu/drm/etnaviv/etna_addr_states.h
	@mkdir -p $(@D)
	$(CC) $(SIM_CFLAGS) $(SANITIZE) -Itools -o $@ $(filter %.c,$^)

hw:
	python3 hw/gen.py

$(B)/lib/%.o: lib/%.c $(LIB_HDRS) lib/etnaviv_priv.h include/uapi/drm/etnaviv_drm.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) -fPIC -fvisibility=hidden -Iinclude/uapi \
		-I$(UAPI) -I$(UAPI)/drm -c -o $@ $<

$(LIB_A): $(LIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

$(LIB_SO): $(LIB_OBJS)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,$(LIB_SONAME) -Wl,--no-undefined -o $@ $^
	@ln -sf $(@F) $(@D)/$(LIB_SONAME)
	@ln -sf $(LIB_SONAME) $(@D)/libetnaviv.so

lib: $(LIBS)

# The boards' init helper (scripts/boot): static, so that starting it
# inside UML loads no shared library through hostfs.
$(B)/uml-init: scripts/uml-init.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) -static -o $@ $<

# Tools over libetnaviv, linked statically so they run from anywhere.
$(B)/tools/gpu-list $(B)/tools/gpu-workload $(B)/tools/etnaviv-info: $(B)/tools/%: tools/%.c $(LIB_HDRS) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) $(LDFLAGS) -Ilib -o $@ $(filter %.c,$^) $(LIB_A)

$(TOP_TOOL): tools/etnaviv-top.c include/uapi/drm/etnaviv_drm.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) $(LDFLAGS) -Iinclude/uapi -I$(UAPI) -I$(UAPI)/drm \
		$$($(PKG_CONFIG) --cflags ncurses) -o $@ $< $$($(PKG_CONFIG) --libs ncurses)

$(FRAME_TOOL): tools/lcdif-frame.c
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) $(LDFLAGS) $$($(PKG_CONFIG) --cflags libpng zlib) -o $@ $< \
		$$($(PKG_CONFIG) --libs libpng zlib)

OP2D := tools/etnaviv_op2d.c tools/etnaviv_op2d.h tools/ref2d.c tools/ref2d.h
$(B)/tools/etnaviv-2d-demo: tools/etnaviv-2d-demo.c $(OP2D) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) $(LDFLAGS) -Ilib -Itools $$($(PKG_CONFIG) --cflags libpng) -o $@ \
		$(filter %.c,$^) $(LIB_A) $$($(PKG_CONFIG) --libs libpng)

# GL programs: the system's EGL, GLES2 (glvnd) and GBM; inside a board
# scripts/boot points them at the project's Mesa.
$(GL_TOOLS): $(B)/tools/%: tools/%.c tools/gl_util.c tools/gl_util.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) -Itools $$(pkg-config --cflags libpng) -o $@ \
		$< tools/gl_util.c -lEGL -lGLESv2 -lgbm \
		$$(pkg-config --libs libpng) -lm

$(GL_TESTS): $(B)/tests/gl-%: tests/gl/%.c $(TEST_HDRS) $(TESTLIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -o $@ $< $(TESTLIB) -lEGL -lGLESv2

# Library unit tests: no GPU, a fake ioctl() in the test program.
$(B)/tests/lib-unit: $(wildcard tests/lib/*.c tests/lib/*.h) $(LIB_HDRS) $(LIB_A)
	@mkdir -p $(@D)
	$(CC) $(CFLAGS_USER) $(SANITIZE) -Ilib -Iinclude/uapi -I$(UAPI) -I$(UAPI)/drm \
		-o $@ $(filter %.c,$^) $(LIB_A)

INSTALL_TOOLS := $(LIB_TOOLS) $(CS_TOOLS:%=$(B)/tools/%) $(TOP_TOOL)
install: $(LIBS) $(INSTALL_TOOLS)
	install -d $(DESTDIR)$(PREFIX)/include/etnaviv $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(PREFIX)/bin
	install -m 644 $(LIB_HDRS) $(DESTDIR)$(PREFIX)/include/etnaviv/
	install -m 644 $(LIB_A) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(LIB_SO) $(DESTDIR)$(LIBDIR)/
	ln -sf libetnaviv.so.$(LIB_VERSION) $(DESTDIR)$(LIBDIR)/$(LIB_SONAME)
	ln -sf $(LIB_SONAME) $(DESTDIR)$(LIBDIR)/libetnaviv.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@VERSION@|$(LIB_VERSION)|' lib/libetnaviv.pc.in \
		>$(DESTDIR)$(LIBDIR)/pkgconfig/libetnaviv.pc
	install -m 755 $(INSTALL_TOOLS) $(DESTDIR)$(PREFIX)/bin/

$(B)/tests/lib/%.o: tests/uml/lib/%.c $(TEST_HDRS)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -c -o $@ $<

$(TESTLIB): $(TESTLIB_OBJS)
	@rm -f $@
	$(AR) rcs $@ $^

# The 2D pixel tests and the data paths through every buffer kind:
# libetnaviv on the GPU against ref2d on the CPU.
$(B)/tests/pixels $(B)/tests/datapath: $(B)/tests/%: tests/uml/%.c $(TEST_HDRS) $(OP2D) $(LIB_A) $(TESTLIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -Ilib -Itools -o $@ $(filter %.c,$^) $(LIB_A) $(TESTLIB)

# The performance counters' test: the 2D states from libetnaviv's header.
$(B)/tests/perfmon: tests/uml/perfmon.c $(TEST_HDRS) lib/etnaviv_2d.h $(TESTLIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -Ilib -o $@ tests/uml/perfmon.c $(TESTLIB)

# fault injection and the fuzzers: the state tables of hw/gc.db (tools/)
$(B)/tests/fuzz: $(ETNA_STATES)
$(B)/tests/fuzz: TEST_CFLAGS += -Itools
$(B)/tests/failnth: $(B)/tests/%: tests/uml/%.c $(TEST_HDRS) $(ETNA_STATES) $(TESTLIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -Itools -o $@ $(filter %.c,$^) $(TESTLIB) -lpthread

# power and stress (many clients with hangs and kills): libetnaviv draws
$(B)/tests/power $(B)/tests/stress: $(B)/tests/%: tests/uml/%.c $(TEST_HDRS) $(LIB_A) $(TESTLIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -Ilib -o $@ $(filter %.c,$^) $(LIB_A) $(TESTLIB) -lpthread

$(B)/tests/%: tests/uml/%.c $(TEST_HDRS) $(TESTLIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -I$(B)/tests -o $@ $(filter %.c,$^) $(TESTLIB) -lpthread

$(foreach s,$(UML_SUITES),$(eval $(B)/tests/$(s): $(wildcard tests/uml/$(s)/*)))
$(UML_SUITES:%=$(B)/tests/%): $(TEST_HDRS) $(TESTLIB)
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -Ilib -o $@ $(filter %.c,$^) $(filter %.a,$^) -lpthread
# functional builds long 2D jobs with libetnaviv (hang.c)
$(B)/tests/functional: $(LIB_A)

# smoke has the board manifest compiled in, as a C string.
$(B)/tests/smoke: $(B)/tests/boards-manifest.h
$(B)/tests/boards-manifest.h: boards/boards.manifest
	@mkdir -p $(@D)
	sed -e 's/[\\"]/\\&/g' -e 's/.*/"&\\n"/' $< >$@

# Model unit tests: each tests/sim/test_NAME.c with the model core.
SIM_CORE := $(filter-out sim/uml/%,$(wildcard sim/*.c))
# They also link the 2D reference (tools/ref2d.c), the DE tests' oracle,
# the resolve engine's (tests/sim/refrs.c), the RS tests' oracle, and
# libm: the math and shader tests' oracle (the model itself has none).
REF2D := tools/ref2d.c tools/ref2d.h
REFRS := tests/sim/refrs.c tests/sim/refrs.h
# Its objects are built once (with the sanitizers) for every test.
SIM_OBJ := $(patsubst sim/%.c,$(B)/sim-user/%.o,$(SIM_CORE))
.SECONDARY: $(SIM_OBJ)
$(B)/sim-user/%.o: sim/%.c $(wildcard sim/*.h) $(B)/sim-user/headers.stamp
	@mkdir -p $(@D)
	$(CC) $(SIM_CFLAGS) $(SIM_SANITIZE) -c -o $@ $<
# Every header of the model's core compiles alone (but the generated table
# sim/vgc_ident.c includes), checked before its objects are built.
SIM_HDRS := $(filter-out sim/vgc_ident_table.h,$(wildcard sim/*.h))
$(B)/sim-user/headers.stamp: $(SIM_HDRS)
	@mkdir -p $(@D)
	@for h in $(SIM_HDRS); do \
		echo "#include \"$${h#sim/}\"" | \
		$(CC) $(SIM_CFLAGS) -fsyntax-only -x c - || \
		{ echo "$$h does not compile alone" >&2; exit 1; }; \
	done
	@touch $@
$(B)/tests/sim-%: tests/sim/test_%.c $(SIM_OBJ) $(REF2D) $(REFRS) $(wildcard sim/*.h tests/sim/*.h)
	@mkdir -p $(@D)
	$(CC) $(SIM_CFLAGS) $(SIM_SANITIZE) -Itools -o $@ $(filter %.c %.o,$^) -lm

# Throughput of the model's 2D engine: build/tests/bench-de (not a test).
$(B)/tests/bench-de: tests/sim/bench_de.c $(SIM_CORE) $(wildcard sim/*.h tests/sim/*.h)
	@mkdir -p $(@D)
	$(CC) $(SIM_CFLAGS) -o $@ $(filter %.c,$^)

# Throughput of the model's 3D pipeline: build/tests/bench-3d (not a test).
$(B)/tests/bench-3d: tests/sim/bench_3d.c $(SIM_CORE) $(wildcard sim/*.h tests/sim/*.h)
	@mkdir -p $(@D)
	$(CC) $(SIM_CFLAGS) -o $@ $(filter %.c,$^)

$(B)/tests/uapi-layout: tests/uapi/layout.c include/uapi/drm/etnaviv_drm.h
	@mkdir -p $(@D)
	$(CC) -std=c11 -Wall -Wextra -Werror -I$(UAPI)/drm -I$(UAPI) -o $@ $<

# What scripts/run and scripts/demo.sh use: no debug kernel.
RUN_DEPS := deps kernel-plain mesa module-plain driver-plain $(B)/uml-init $(DTBS) \
	$(B)/tools/gpu-list $(B)/tools/gpu-workload $(LIB_TOOLS) $(GL_TOOLS) $(FRAME_TOOL)
run: $(RUN_DEPS)
	@scripts/run

check: all
	@scripts/check

bench: all
	@scripts/bench

piglit: all
	@scripts/piglit

fuzz: all
	@scripts/fuzz

# The stress run (tests/uml/stress.c), our driver on the debug kernel, on
# an MMUv1 and an MMUv2 board, 20 s each (make check runs it for 12 s).
stress: all
	@for b in imx6q imx6qp; do \
		scripts/boot --kernel debug --board $$b --driver ours -- \
			$(B)/tests/stress || exit 1; \
	done

# Mutation testing: each planted bug in a scratch copy (build/mutate/),
# its tests run against it; prints the kill rate (not part of check).
mutate: all
	@scripts/mutate

# Debian packages (debian/): etnaviv-dkms and the library and tools for
# amd64, armhf and arm64, in build/packages; scripts/package says how.
package:
	@scripts/deps package
	@scripts/package

package-test: package
	@scripts/package-test

clean:
	rm -rf $(B)
