#!/usr/bin/env python3
"""Every source file of every crate is listed in docs/architecture.md.

    scripts/architecture-modules.py           check (exit 1 naming what is missing)
    scripts/architecture-modules.py --draft   print a row a missing file, from its module doc

Each crate has a section of docs/architecture.md whose heading names its
source folder in backticks (`crates/twisty/src`, or `src` for the facade);
every `.rs` file under that folder (test modules, `tests.rs` and files
under a `tests/` folder, aside) must
appear in the first cell of a table row of that section as its path
relative to the folder, in backticks (`tables/read.rs`). A file listed that no longer exists is reported too.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
DOC = os.path.join(ROOT, "docs", "architecture.md")


def sources(src):
    out = []
    for root, _, names in os.walk(os.path.join(ROOT, src)):
        for n in names:
            inside_tests = "tests" in os.path.relpath(root, os.path.join(ROOT, src)).split(os.sep)
            if n.endswith(".rs") and n != "tests.rs" and not inside_tests:
                out.append(os.path.relpath(os.path.join(root, n), os.path.join(ROOT, src)))
    return sorted(out)


def sections(text):
    """Section heading's source folder -> the section's text."""
    out = {}
    parts = re.split(r"^(##+ .*)$", text, flags=re.M)
    for i in range(1, len(parts), 2):
        m = re.search(r"`((?:crates/[a-z]+/)?src)`", parts[i])
        if m:
            out[m.group(1)] = out.get(m.group(1), "") + parts[i + 1]
    return out


def first_line(path):
    doc = []
    for line in open(path):
        if line.startswith("//!"):
            doc.append(line[3:].strip())
        elif doc or line.strip():
            break
    text = " ".join(doc)
    m = re.match(r"(.+?[.:])(\s|$)", text)
    return (m.group(1) if m else text)[:200]


def main():
    draft = "--draft" in sys.argv
    text = open(DOC).read()
    found = sections(text)
    srcs = ["src"] + sorted(
        f"crates/{c}/src" for c in os.listdir(os.path.join(ROOT, "crates"))
        if os.path.isdir(os.path.join(ROOT, "crates", c, "src"))
    )
    bad = 0
    for src in srcs:
        files = sources(src)
        body = found.get(src)
        if body is None:
            bad += 1
            if draft:
                print(f"\n## `{src}`\n\n| module | one concept |\n| --- | --- |")
                for f in files:
                    print(f"| `{f}` | {first_line(os.path.join(ROOT, src, f))} |")
            else:
                print(f"docs/architecture.md: no section names `{src}`")
            continue
        # The first cell of table rows only: prose and descriptions may
        # name a file in passing.
        rows = "\n".join(l.split("|")[1] for l in body.splitlines() if l.startswith("|"))
        listed = set(re.findall(r"`([a-z_0-9/]+\.rs)`", rows))
        for f in files:
            if f not in listed:
                bad += 1
                if draft:
                    print(f"{src}: | `{f}` | {first_line(os.path.join(ROOT, src, f))} |")
                else:
                    print(f"docs/architecture.md: `{src}/{f}` is not listed in its crate's section")
        for f in sorted(listed - set(files)):
            if not os.path.exists(os.path.join(ROOT, src, f)):
                bad += 1
                print(f"docs/architecture.md: `{f}` in `{src}`'s section does not exist")
    if bad == 0:
        print(f"every module of {len(srcs)} crates is in docs/architecture.md")
    sys.exit(1 if bad and not draft else 0)


if __name__ == "__main__":
    main()
