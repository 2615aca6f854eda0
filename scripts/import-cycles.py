#!/usr/bin/env python3
"""Import circles between the source files of each crate.

    scripts/import-cycles.py [CRATE_DIR ...]     (default: crates/*)

A file depends on another when its code (not its tests) names an item the
other defines: a `use crate::...` or `use super::...` line, or a path such
as `crate::pdb::build::UNSEEN` inside the code. A name that a `mod.rs`
(or `lib.rs`) only re-exports (`pub use child::Name`) counts as a use of
the child that defines it, and the re-export itself is no dependency, so
a parent that gathers its children's names is not in a circle with them.
Prints each strongly connected group of two or more files, and exits 1
when there is one (docs/architecture.md, "Layers").
"""
import os
import re
import sys

USE = re.compile(r"\buse\s+((?:crate|super|self)\b[^;]*);", re.S)
INLINE = re.compile(r"\b((?:crate|super)(?:::[A-Za-z_][A-Za-z0-9_]*)+)")
REEXPORT = re.compile(r"^\s*pub(?:\([a-z]+\))?\s+use\s+([^;]*);", re.M)


def strip(text):
    """The code without comments, strings and its test modules."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(?:[^"\\]|\\.)*"', '""', text)
    cut = re.search(r"#\[cfg\(test\)\]\s*mod\s+tests\s*\{", text)
    return text[: cut.start()] if cut else text


def expand(path):
    """`a::{b, c::{d, e}}` as the list of plain paths."""
    path = re.sub(r"\s+", "", path)
    m = re.match(r"^(.*?)\{(.*)\}$", path)
    if not m:
        return [re.sub(r"\s+as\s+.*$", "", path).split(" as ")[0]]
    head, body = m.groups()
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += ch == "{"
        depth -= ch == "}"
        cur += ch
    parts.append(cur)
    out = []
    for p in filter(None, parts):
        for e in expand(p):
            out.append(head + e if e != "self" else head.rstrip(":"))
    return out


def module_of(src, path):
    """The module path (list) of file `path` under `src`."""
    rel = os.path.relpath(path, src)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return rel


def crate_files(src):
    files = {}
    for root, _, names in os.walk(src):
        for n in names:
            if n.endswith(".rs") and n != "tests.rs":
                p = os.path.join(root, n)
                files[tuple(module_of(src, p))] = p
    return files


def check(crate):
    src = os.path.join(crate, "src")
    if not os.path.isdir(src):
        return []
    files = crate_files(src)
    texts = {m: strip(open(p).read()) for m, p in files.items()}
    # Names a module re-exports: name -> the module path it comes from.
    reexports = {}
    for m, t in texts.items():
        for r in REEXPORT.finditer(t):
            for p in expand(r.group(1)):
                segs = p.split("::")
                reexports[(m, segs[-1])] = resolve_rel(m, segs)
    edges = {m: set() for m in files}
    for m, t in texts.items():
        body = REEXPORT.sub("", t)
        paths = [p for u in USE.finditer(body) for p in expand(u.group(1))]
        paths += [i.group(1) for i in INLINE.finditer(USE.sub("", body))]
        for p in paths:
            target = locate(files, reexports, resolve_rel(m, p.split("::")))
            if target is not None and target != m:
                edges[m].add(target)
    circles = [sorted(files[x] for x in c) for c in sccs(edges) if len(c) > 1]
    # The same at the crate's top level: a folder module and its children
    # as one node (`strategy/` uses `portable.rs`, which uses
    # `strategy/pass.rs`: a circle between the two modules though not
    # between any two files).
    top = {}
    for m, ts in edges.items():
        a = m[:1]
        top.setdefault(a, set()).update(t[:1] for t in ts if t[:1] != a)
    for c in sccs(top):
        named = sorted(
            os.path.join(src, *x) + ("/" if os.path.isdir(os.path.join(src, *x)) else ".rs")
            for x in c
        )
        if len(c) > 1 and named not in circles:
            circles.append(named)
    return circles


def resolve_rel(m, segs):
    """Absolute segments of path `segs` written in module `m`."""
    base = list(m)
    out = []
    for i, s in enumerate(segs):
        if i == 0 and s == "crate":
            base = []
        elif s == "super" and not out:
            base = base[:-1]
        elif s == "self" and not out:
            pass
        else:
            out.append(s)
    return base + out


def locate(files, reexports, segs):
    """The file defining the item at `segs`: the longest module prefix
    that is a file, followed through its re-exports."""
    for _ in range(8):
        for k in range(len(segs), -1, -1):
            mod = tuple(segs[:k])
            if mod in files:
                break
        else:
            return None
        if k < len(segs) and (mod, segs[k]) in reexports:
            new = reexports[(mod, segs[k])] + segs[k + 1 :]
            if new != segs:
                segs = new
                continue
        return mod
    return mod


def sccs(edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            out.append(comp)

    sys.setrecursionlimit(10000)
    for v in edges:
        if v not in index:
            visit(v)
    return out


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    crates = sys.argv[1:] or sorted(
        os.path.join(root, "crates", c) for c in os.listdir(os.path.join(root, "crates"))
    )
    crates = crates + ([root] if not sys.argv[1:] else [])
    found = False
    for c in crates:
        for circle in check(c):
            found = True
            print("circle: " + " <-> ".join(os.path.relpath(p, root) for p in circle))
    if not found:
        print(f"no import circle in {len(crates)} crates")
    sys.exit(1 if found else 0)


if __name__ == "__main__":
    main()
