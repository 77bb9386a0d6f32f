// SPDX-License-Identifier: GPL-2.0-only
/*
 * One view of every state: the hardware facts (hw/gc.db, as listed by
 * `hw/gen.py --states`, the file given as argument), the driver's stream
 * validator (its table etna_addr_runs[], compiled here as it is in the
 * kernel), the disassembler's tables (the tools' lookup functions) and
 * the device model (the states it reads as GPU addresses) must agree on
 * each state's address, name and whether it holds a GPU address; the
 * disassembler's commands must be those of hw/gc.db.
 *
 * A change to any one of them alone fails here: the generated files are
 * regenerated from hw/gc.db (and `hw/gen.py --check` fails when one is
 * stale), but this test compares what each consumer actually compiles.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "etna_states.h"
#include "vgc_addrs.h"

/* The driver's table, as the kernel compiles it. */
#include "../../drivers/gpu/drm/etnaviv/etna_addr_states.h"

#define NR_STATES	0x10000u	/* a 16-bit state index */

static unsigned int passed, failed, problems;

static void report(const char *name)
{
	if (problems) {
		printf("FAIL: hw/%s: %u disagreements (the first ones above)\n",
		       name, problems);
		failed++;
	} else {
		printf("PASS: hw/%s\n", name);
		passed++;
	}
	problems = 0;
}

static void __attribute__((format(printf, 1, 2))) problem(const char *fmt,
							   ...)
{
	va_list ap;

	if (++problems > 10)
		return;
	va_start(ap, fmt);
	printf("  ");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
}

/* What hw/gc.db says of each state index. */
static char *db_name[NR_STATES];
static uint8_t db_addr[NR_STATES];	/* element holds a GPU address */
static uint8_t db_span[NR_STATES];	/* inside a run the validator needs */
static uint8_t val_addr[NR_STATES];	/* the validator's map */

/* The FE commands of hw/gc.db. */
static struct {
	unsigned int op, words;
	char *name;
} db_cmd[32];
static unsigned int nr_cmds;

static int read_db(const char *path)
{
	char kind[8], name[128];
	unsigned int a, n, flag, elems = 0;
	char line[256];
	FILE *f = fopen(path, "r");

	if (!f) {
		perror(path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%7s", kind) != 1)
			continue;
		if (!strcmp(kind, "elem") &&
		    sscanf(line, "elem %x %127s %u", &a, name, &flag) == 3 &&
		    a / 4 < NR_STATES && !db_name[a / 4]) {
			db_name[a / 4] = strdup(name);
			db_addr[a / 4] = flag;
			elems++;
		} else if (!strcmp(kind, "cmd") &&
			   sscanf(line, "cmd %u %127s %u", &a, name, &n) == 3 &&
			   nr_cmds < ARRAY_SIZE(db_cmd)) {
			db_cmd[nr_cmds].op = a;
			db_cmd[nr_cmds].words = n;
			db_cmd[nr_cmds++].name = strdup(name);
		} else if (!strcmp(kind, "span") &&
			   sscanf(line, "span %x %u", &a, &n) == 2 &&
			   a / 4 + n <= NR_STATES) {
			memset(&db_span[a / 4], 1, n);
		} else {
			fprintf(stderr, "%s: bad line: %s", path, line);
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	if (elems < 20000) {
		fprintf(stderr, "%s: only %u elements\n", path, elems);
		return -1;
	}
	return 0;
}

/* The disassembler: the same name and address-ness for every element. */
static void check_tools(void)
{
	unsigned int i;
	char name[128];

	for (i = 0; i < NR_STATES; i++) {
		const struct etna_state *s = etna_state_find(i * 4, NULL, NULL);
		bool named = etna_state_name(i * 4, name, sizeof(name));

		if (!db_name[i]) {
			if (named)
				problem("0x%05x: the tools name it %s, hw/gc.db has no state there",
					i * 4, name);
			continue;
		}
		if (!named)
			problem("0x%05x %s: unknown to the tools", i * 4,
				db_name[i]);
		else if (strcmp(name, db_name[i]))
			problem("0x%05x: the tools call it %s, hw/gc.db %s",
				i * 4, name, db_name[i]);
		else if ((s->type == ETNA_T_ADDR) != db_addr[i])
			problem("0x%05x %s: the tools %s it as an address, hw/gc.db %s",
				i * 4, name,
				s->type == ETNA_T_ADDR ? "show" : "do not show",
				db_addr[i] ? "says it is one" : "says it is not");
	}
	report("tools-names-and-addresses");
}

/*
 * The validator: its map is exactly the runs of the address states, i.e.
 * every address element, the rest of rows of two-dimensional address
 * arrays, and nothing else.
 */
static void check_validator(void)
{
	unsigned int i, j;

	for (i = 0; i < ARRAY_SIZE(etna_addr_runs); i++)
		for (j = 0; j < etna_addr_runs[i].states; j++)
			if (etna_addr_runs[i].byte_addr / 4 + j < NR_STATES)
				val_addr[etna_addr_runs[i].byte_addr / 4 + j] = 1;
	for (i = 0; i < NR_STATES; i++) {
		if (db_addr[i] && !val_addr[i])
			problem("0x%05x %s holds a GPU address; the validator lets it load without a relocation",
				i * 4, db_name[i]);
		else if (val_addr[i] && db_name[i] && !db_addr[i])
			problem("0x%05x %s holds no address; the validator asks a relocation",
				i * 4, db_name[i]);
		else if (val_addr[i] != db_span[i])
			problem("0x%05x (%s): the validator %s a relocation, hw/gc.db's runs %s",
				i * 4, db_name[i] ? db_name[i] : "no state",
				val_addr[i] ? "asks" : "does not ask",
				db_span[i] ? "do" : "do not");
	}
	report("validator-addresses");
}

/* The model: what it reads as a GPU address is one everywhere. */
static void check_model(void)
{
	unsigned int i;

	if (!vgc_nr_addr_states)
		problem("the model lists no address state");
	for (i = 0; i < vgc_nr_addr_states; i++) {
		uint32_t a = vgc_addr_states[i];
		const struct etna_state *s = etna_state_find(a, NULL, NULL);

		if (a % 4 || a / 4 >= NR_STATES || !db_name[a / 4])
			problem("the model reads 0x%05x as an address: no state in hw/gc.db",
				a);
		else if (!db_addr[a / 4])
			problem("the model reads 0x%05x %s as an address: hw/gc.db says it is none",
				a, db_name[a / 4]);
		else if (!val_addr[a / 4])
			problem("the model reads 0x%05x %s as an address: the validator does not",
				a, db_name[a / 4]);
		else if (!s || s->type != ETNA_T_ADDR)
			problem("the model reads 0x%05x %s as an address: the tools do not",
				a, db_name[a / 4]);
		if (!vgc_is_addr_state(a))
			problem("vgc_is_addr_state(0x%05x) is false", a);
	}
	for (i = 0; i < NR_STATES; i++)
		if (vgc_is_addr_state(i * 4) && !db_addr[i])
			problem("vgc_is_addr_state(0x%05x) but hw/gc.db says no",
				i * 4);
	report("model-addresses");
}

/*
 * The commands: the disassembler's table and the opcodes etna_states.h
 * names (which etna_states.c decodes by hand) against hw/gc.db.
 */
static void check_commands(void)
{
	static const struct {
		unsigned int op;
		const char *name;
	} named[] = {
		{ ETNA_OP_LOAD_STATE, "LOAD_STATE" }, { ETNA_OP_END, "END" },
		{ ETNA_OP_NOP, "NOP" }, { ETNA_OP_DRAW_2D, "DRAW_2D" },
		{ ETNA_OP_DRAW_PRIMITIVES, "DRAW_PRIMITIVES" },
		{ ETNA_OP_DRAW_INDEXED_PRIMITIVES, "DRAW_INDEXED_PRIMITIVES" },
		{ ETNA_OP_WAIT, "WAIT" }, { ETNA_OP_LINK, "LINK" },
		{ ETNA_OP_STALL, "STALL" }, { ETNA_OP_CALL, "CALL" },
		{ ETNA_OP_RETURN, "RETURN" },
		{ ETNA_OP_DRAW_INSTANCED, "DRAW_INSTANCED" },
		{ ETNA_OP_CHIP_SELECT, "CHIP_SELECT" },
		{ ETNA_OP_WAIT_FENCE, "WAIT_FENCE" },
		{ ETNA_OP_DRAW_INDIRECT, "DRAW_INDIRECT" },
		{ ETNA_OP_SNAP_PAGES, "SNAP_PAGES" },
	};
	unsigned int i, j;

	if (nr_cmds != etna_nr_opcodes())
		problem("hw/gc.db has %u commands, the tools %u", nr_cmds,
			etna_nr_opcodes());
	for (i = 0; i < nr_cmds; i++) {
		const struct etna_opcode *o = etna_opcode_by_op(db_cmd[i].op);

		if (!o || strcmp(o->name, db_cmd[i].name) ||
		    o->words != db_cmd[i].words)
			problem("opcode %u: hw/gc.db %s (%u words), the tools %s (%u)",
				db_cmd[i].op, db_cmd[i].name, db_cmd[i].words,
				o ? o->name : "nothing", o ? o->words : 0);
	}
	for (i = 0; i < ARRAY_SIZE(named); i++) {
		for (j = 0; j < nr_cmds; j++)
			if (!strcmp(db_cmd[j].name, named[i].name))
				break;
		if (j == nr_cmds || db_cmd[j].op != named[i].op)
			problem("etna_states.h: ETNA_OP_%s is %u, hw/gc.db %u",
				named[i].name, named[i].op,
				j < nr_cmds ? db_cmd[j].op : 0);
	}
	report("commands");
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: %s STATES (from hw/gen.py --states)\n",
			argv[0]);
		return 2;
	}
	if (read_db(argv[1])) {
		printf("FAIL: hw/read-db: %s\n", argv[1]);
		return 1;
	}
	check_tools();
	check_validator();
	check_model();
	check_commands();
	printf("hw: %u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
