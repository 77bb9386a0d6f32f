#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# docs.sh: the documentation holds together. README.md stays short; every
# documentation file carries its SPDX tag and no path of one machine;
# every relative link in the Markdown files reaches a file (and a heading,
# for a #fragment); every kernel-doc directive of Documentation/**/*.rst
# finds its DOC: section, and every DOC: section of the driver and of the
# UAPI header is pulled in by one; and, where Sphinx is installed, the
# .rst files render with the kernel's kerneldoc extension without a
# warning (SKIP without it).
. "$(dirname "$0")/../scripts/common.sh"
. "$ROOT/tests/checks.sh"
checks_begin docs
cd "$ROOT" || exit 1

KDOC=$KSRC/scripts/kernel-doc
# The documentation: the README, Documentation/ (but its images and the
# bindings, which are YAML schemas checked by tests/dt-bindings.sh), the
# model's contracts and the directories' own READMEs.
docs=(README.md boards/README.md hw/README.md sim/doc/*.md)
while IFS= read -r f; do docs+=("$f"); done < <(find Documentation \
	-path Documentation/images -prune -o \
	-path Documentation/devicetree -prune -o -type f -print | sort)
rsts=()
while IFS= read -r f; do rsts+=("$f"); done < <(find Documentation -name '*.rst' | sort)

n=$(wc -l <README.md)
if [ "$n" -le 250 ]; then ok readme-length; else ko readme-length "README.md has $n lines (at most 250)"; fi

bad=
for f in "${docs[@]}"; do
	head -1 "$f" | grep -q 'SPDX-License-Identifier: ' || bad="$bad $f"
done
if [ -z "$bad" ]; then ok spdx; else ko spdx "no SPDX tag on the first line of:$bad"; fi

if grep -n -E '(/work/|/root/|\.\./shared|/home/[a-z])' "${docs[@]}" >"$T/paths"; then
	ko no-machine-paths "$(head -3 "$T/paths" | tr '\n' ' ')"
else
	ok no-machine-paths
fi

# Relative Markdown links: [text](target) and ![alt](target), outside
# code blocks and inline code. A fragment must name a heading of the
# target (GitHub's anchors: lower case, punctuation but "-" dropped,
# blanks as "-").
if /usr/bin/python3 - "${docs[@]}" >"$T/links" <<'PY'; then
import os, re, sys

def anchors(path):
    out, fence = set(), False
    for line in open(path, encoding='utf-8'):
        if line.startswith('```'):
            fence = not fence
        elif not fence and line.startswith('#'):
            h = line.lstrip('#').strip().lower()
            h = re.sub(r'[^\w\- ]', '', h)
            out.add(h.replace(' ', '-'))
    return out

bad = 0
for doc in sys.argv[1:]:
    if not doc.endswith('.md'):
        continue
    fence = False
    for no, line in enumerate(open(doc, encoding='utf-8'), 1):
        if line.startswith('```'):
            fence = not fence
            continue
        if fence:
            continue
        line = re.sub(r'`[^`]*`', '', line)
        for target in re.findall(r'\]\(([^)\s]+)\)', line):
            if re.match(r'[a-z]+:', target):
                continue
            path, _, frag = target.partition('#')
            full = os.path.normpath(os.path.join(os.path.dirname(doc), path)) if path else doc
            if not os.path.exists(full):
                print(f'{doc}:{no}: {target}: no such file')
                bad += 1
            elif frag and full.endswith('.md') and frag not in anchors(full):
                print(f'{doc}:{no}: {target}: no such heading')
                bad += 1
sys.exit(1 if bad else 0)
PY
	ok links
else
	ko links "$(head -3 "$T/links" | tr '\n' ' ')"
fi

# kernel-doc: each directive "kernel-doc:: FILE" with ":doc: NAME".
awk '/^\.\. kernel-doc:: / { f = $3; next }
     f && /^   :doc: / { sub(/^   :doc: /, ""); print f "\t" $0; f = "" }' \
	"${rsts[@]}" /dev/null >"$T/directives"
if [ ! -r "$KDOC" ]; then
	ko kernel-doc "no $KDOC (scripts/build-kernel extracts it)"
	ko doc-sections-covered "no $KDOC"
else
	why=
	while IFS=$'\t' read -r file name; do
		if [ ! -f "$file" ]; then
			why="$why; $file: no such file"
			continue
		fi
		perl "$KDOC" -rst -function "$name" "$file" >"$T/out" 2>"$T/err"
		grep -v 'Sphinx version' "$T/err" >"$T/warn"
		if [ -s "$T/warn" ] || ! grep -q '[^[:space:]]' "$T/out"; then
			why="$why; $file: DOC: $name: $(head -1 "$T/warn")"
		fi
	done <"$T/directives"
	if [ ! -s "$T/directives" ]; then
		ko kernel-doc "no kernel-doc directive in Documentation/"
	elif [ -z "$why" ]; then
		ok kernel-doc
	else
		ko kernel-doc "${why#; }"
	fi

	# Every DOC: section of the driver and the UAPI header, in some .rst.
	why=
	for file in drivers/gpu/drm/etnaviv/*.[ch] include/uapi/drm/etnaviv_drm.h; do
		sed -n 's/^ \* DOC: *//p' "$file" | while IFS= read -r name; do
			printf '%s\t%s\n' "$file" "$name"
		done
	done >"$T/sections"
	while IFS= read -r line; do
		grep -qxF -- "$line" "$T/directives" || why="$why; ${line/$'\t'/: DOC: }"
	done <"$T/sections"
	if [ -z "$why" ]; then ok doc-sections-covered
	else ko doc-sections-covered "not in any Documentation/ .rst: ${why#; }"; fi
fi

# Sphinx with the kernel's kerneldoc extension, one .rst at a time,
# warnings as errors.
if ! command -v sphinx-build >/dev/null; then
	echo "SKIP: docs/sphinx: no sphinx-build (Debian: python3-sphinx)"
elif [ ! -d "$KSRC/Documentation/sphinx" ]; then
	ko sphinx "no $KSRC/Documentation/sphinx"
else
	why=
	for rst in "${rsts[@]}"; do
		rm -rf "$T/sphinx"
		mkdir -p "$T/sphinx"
		cp "$rst" "$T/sphinx/index.rst"
		cat >"$T/sphinx/conf.py" <<-EOF
		import sys
		sys.path.insert(0, '$KSRC/Documentation/sphinx')
		extensions = ['kerneldoc']
		kerneldoc_bin = '$KDOC'
		kerneldoc_srctree = '$ROOT'
		project = 'etnaviv'
		EOF
		# kerneldoc passes kernel-doc's warnings through to stderr,
		# not as Sphinx warnings: any line of the log is one.
		if ! sphinx-build -W -q -b html "$T/sphinx" "$T/sphinx/_build" \
			>"$T/sphinx.log" 2>&1 || [ -s "$T/sphinx.log" ]; then
			why="$why; $rst: $(grep . "$T/sphinx.log" | head -2 | tr "\n" " ")"
		fi
	done
	if [ -z "$why" ]; then ok sphinx; else ko sphinx "${why#; }"; fi
fi

checks_end
