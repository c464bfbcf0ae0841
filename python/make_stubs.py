#!/usr/bin/env python3
"""Writes the typed stubs of the extension module evoplay._evoplay from the built module: a stub
package python/evoplay/_evoplay/ (__init__.pyi and one .pyi per submodule) read from pybind11's
docstring signatures, and python/evoplay/py.typed (PEP 561).

    PYTHONPATH=build/release/python python3 python/make_stubs.py [--out DIR] [--check]

It also writes docs/python-reference.md (--reference): every public call with its signature and
docstring. --check writes nothing and exits 1 when the checked-in stubs or that page differ from what the module gives
(python/tests/test_stubs.py runs it: a changed signature must come with its new stub).
pybind11-stubgen is not packaged by Debian, hence this small generator: every default is
written `...`, a C++ type pybind11 could not name (or any annotation that does not parse) is
`Any`, and names are sorted, so the output depends only on the module's interface. A call
whose settings are declared (evoplay.settings_names: evo.GA, birds.generate, ...) takes them as
**kwargs; its stub lists each keyword with its type instead (evoplay._stub_keywords).
"""

import argparse
import ast
import inspect
import pathlib
import re
import sys
import types

HEADER = ("# Typed stubs of evoplay._evoplay, written by python/make_stubs.py from the built module:"
          "\n# do not edit (run the script again after changing the bindings).\n")
ROOT = "evoplay._evoplay"
KEEP_DUNDERS = {"__init__", "__call__", "__eq__", "__hash__", "__len__", "__iter__", "__next__",
                "__getitem__", "__contains__", "__str__", "__repr__", "__getstate__",
                "__setstate__", "__reduce__", "__reduce_ex__", "__copy__", "__deepcopy__",
                "__enter__", "__exit__", "__bool__", "__lt__", "__le__", "__gt__", "__ge__",
                "__ne__", "__int__", "__float__", "__index__"}
# "module.call" -> [(keyword, type)] of the calls whose settings are declared (read from the
# module by _read_keywords before the stubs are written).
KEYWORDS = {}
TYPING = ("Any", "Callable", "Dict", "Iterable", "Iterator", "List", "Optional", "Sequence",
          "Set", "Tuple", "Union")


def _annotation(text, module, imports):
    """A pybind11 type as a stub annotation: own module's prefix dropped, numpy arrays as
    numpy.ndarray, anything unparseable as Any."""
    text = text.strip()
    text = re.sub(r"numpy\.ndarray\[[^\]]*\]", "numpy.ndarray", text)
    if "numpy." in text:
        imports.add("import numpy")
    text = text.replace(module + ".", "")
    for other in set(re.findall(r"(evoplay\._evoplay(?:\.\w+)?)\.\w+", text)):
        imports.add("import " + other)
    text = {"handle": "Any", "object": "Any", "args": "Any", "kwargs": "Any"}.get(text, text)
    try:
        ast.parse(text, mode="eval")
    except SyntaxError:
        return "Any"
    if "::" in text or "<" in text:
        return "Any"
    return text


def _split_params(text):
    """The parameters of a signature's text, split at top-level commas."""
    out, depth, cur = [], 0, ""
    for ch in text:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur)
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur)
    return [p.strip() for p in out]


def _signatures(name, doc):
    """(parameters text, return text) of each signature in a pybind11 docstring."""
    sigs = []
    for line in (doc or "").splitlines():
        m = re.match(r"^(?:\d+\. )?" + re.escape(name) + r"\((.*)\) -> (.+)$", line.strip())
        if m:
            sigs.append((m.group(1), m.group(2)))
    return sigs


def _read_keywords(native):
    """KEYWORDS from the module's declarations of settings."""
    KEYWORDS.clear()
    for name in native.settings_names:
        KEYWORDS[name] = [tuple(k) for k in native._stub_keywords(name)]


def _declared(dotted, params):
    """The parameters of a call whose settings are declared: **kwargs replaced by each keyword
    with its type (keyword-only), those the call names itself left out."""
    if dotted not in KEYWORDS or not params or params[-1] != "**kwargs":
        return params
    named = {p.lstrip("*").partition(":")[0].strip() for p in params}
    out = params[:-1]
    if "*" not in out and not any(p.startswith("*") for p in out):
        out.append("*")
    return out + ["%s: %s = ..." % (k, t) for k, t in KEYWORDS[dotted] if k not in named]


def _def_lines(name, obj, module, imports, indent, kind, owner=None):
    """The stub lines of a function, method ("method") or static method ("static"); `owner`:
    a method's class."""
    sigs = _signatures(name, getattr(obj, "__doc__", None))
    if not sigs:
        sigs = [("*args, **kwargs", "Any")]
    short = module.replace(ROOT + ".", "")
    dotted = short + "." + (owner if owner and name == "__init__" else
                            owner + "." + name if owner else name)
    lines = []
    for params, ret in sigs:
        out = []
        for i, p in enumerate(_declared(dotted, _split_params(params))):
            if p == "*":
                out.append("*")
                continue
            if " = ..." in p and ":" in p:  # a declared keyword, typed already
                out.append(p)
                continue
            star = "**" if p.startswith("**") else "*" if p.startswith("*") else ""
            p = p.lstrip("*")
            pname, _, rest = p.partition(":")
            pname = pname.strip()
            if kind == "method" and i == 0:
                out.append("self")
                continue
            ann, eq, _ = rest.partition("=")
            piece = star + pname + (": " + _annotation(ann, module, imports) if ann.strip() else "")
            if eq:
                piece += " = ..."
            out.append(piece)
        if kind == "method" and (not out or out[0] != "self"):
            out.insert(0, "self")
        deco = ([indent + "@overload"] if len(sigs) > 1 else []) + \
               ([indent + "@staticmethod"] if kind == "static" else [])
        lines += deco + ["%sdef %s(%s) -> %s: ..." % (indent, name, ", ".join(out),
                                                      _annotation(ret, module, imports))]
    if len(sigs) > 1:
        imports.add("from typing import overload")
    return lines


def _property_lines(name, prop, module, imports, indent):
    ret = "Any"
    doc = (getattr(prop.fget, "__doc__", "") or "").strip()
    m = re.match(r"^\w*\(\w+: [\w.]+\) -> (.+)$", doc.splitlines()[0] if doc else "")
    if m:
        ret = _annotation(m.group(1), module, imports)
    lines = [indent + "@property", "%sdef %s(self) -> %s: ..." % (indent, name, ret)]
    if prop.fset is not None:
        lines += [indent + "@%s.setter" % name,
                  "%sdef %s(self, value: %s) -> None: ..." % (indent, name, ret)]
    return lines


def _class_lines(cls, module, imports):
    bases = [b for b in cls.__bases__ if b.__name__ != "pybind11_object" and b is not object]
    base_text = ", ".join(_annotation(b.__module__ + "." + b.__qualname__, module, imports)
                          for b in bases)
    lines = ["class %s%s:" % (cls.__name__, "(%s)" % base_text if base_text else "")]
    body = []
    for name, value in sorted(vars(cls).items()):
        if name.startswith("__") and name not in KEEP_DUNDERS:
            continue
        if isinstance(value, staticmethod):
            body += _def_lines(name, value.__func__, module, imports, "    ", "static", cls.__name__)
        elif isinstance(value, property):
            body += _property_lines(name, value, module, imports, "    ")
        elif isinstance(value, type):
            target = value.__module__ + "." + value.__qualname__
            body.append("    %s: type[%s]" % (name, _annotation(target, module, imports)))
        elif callable(value):
            body += _def_lines(name, value, module, imports, "    ", "method", cls.__name__)
        elif not name.startswith("_"):
            body.append("    %s: %s" % (name, type(value).__name__))
    return lines + (body or ["    ..."])


def module_stub(mod):
    """The .pyi text of one module (its submodules are separate files)."""
    module = mod.__name__
    imports = set()
    blocks = []
    for name in sorted(vars(mod)):
        if name.startswith("__") and name != "__version__":
            continue
        value = getattr(mod, name)
        if isinstance(value, types.ModuleType):
            imports.add("from . import %s as %s" % (name, name))
        elif isinstance(value, type):
            blocks.append("\n".join(_class_lines(value, module, imports)))
        elif callable(value):
            blocks.append("\n".join(_def_lines(name, value, module, imports, "", "function")))
        else:
            blocks.append("%s: %s" % (name, type(value).__name__))
    typing_used = sorted(t for t in TYPING if re.search(r"\b%s\b" % t, "\n".join(blocks)))
    if typing_used:
        imports.add("from typing import " + ", ".join(typing_used))
    imports.discard("import " + module)
    head = HEADER + "\n" + "\n".join(sorted(imports)) + "\n\n" if imports else HEADER + "\n"
    return head + "\n\n".join(blocks) + "\n"


def stubs(package_module):
    """{relative path: text} of every stub file, and py.typed."""
    out = {"py.typed": ""}
    out["_evoplay/__init__.pyi"] = module_stub(package_module)
    for name, value in sorted(vars(package_module).items()):
        if isinstance(value, types.ModuleType):
            out["_evoplay/%s.pyi" % name] = module_stub(value)
    return out


def _doc_text(obj):
    """The prose of a pybind11 docstring: its lines that are not signatures, joined."""
    lines = []
    for line in (getattr(obj, "__doc__", None) or "").splitlines():
        line = line.strip()
        if re.match(r"^(?:\d+\. )?(?:[A-Za-z_]\w*)?\(.*\) -> .+$", line) or \
                line in ("Overloaded function.", "Initialize self.  See help(type(self)) for "
                         "accurate signature."):
            continue
        lines.append(line)
    # "[a](b)" in a docstring is no link on the page, nor "[a]: b" at its start a link
    # definition: "]\\(" shows as "](" in Markdown, "\\[" as "["
    text = " ".join(" ".join(lines).split()).replace("](", "]\\(")
    return "\\" + text if text.startswith("[") else text


def _reference_entries(mod):
    """(title, stub lines, prose) of each public class, method and function of `mod`."""
    module = mod.__name__
    imports = set()
    entries = []
    for name in sorted(vars(mod)):
        value = getattr(mod, name)
        if name.startswith("_") or isinstance(value, types.ModuleType):
            continue
        if isinstance(value, type):
            entries.append(("class " + name, [], _doc_text(value)))
            for attr, member in sorted(vars(value).items()):
                if attr.startswith("_") and attr != "__init__":
                    continue
                if isinstance(member, staticmethod):
                    lines = _def_lines(attr, member.__func__, module, imports, "", "static", name)
                    doc = _doc_text(member.__func__)
                elif isinstance(member, property):
                    lines = _property_lines(attr, member, module, imports, "")
                    doc = _doc_text(member.fget) if not (member.__doc__ or "").strip() else \
                        _doc_text(member)
                elif attr == "__init__" and "Initialize self" in (member.__doc__ or ""):
                    continue  # no constructor of its own
                elif callable(member) and not isinstance(member, type):
                    lines = _def_lines(attr, member, module, imports, "", "method", name)
                    doc = _doc_text(member)
                else:
                    continue
                lines = [l for l in lines if l not in ("@property", "@staticmethod", "@overload")
                         and ".setter" not in l]
                entries.append(("%s.%s" % (name, attr), lines, doc))
        elif callable(value):
            entries.append((name, _def_lines(name, value, module, imports, "", "function"),
                            _doc_text(value)))
    return entries


def reference(package_module):
    """docs/python-reference.md: every public call of the extension, its signature and what its
    docstring says, module by module."""
    out = ["# evoplay for Python: reference", "",
           "Every class, method and function of the extension `evoplay._evoplay` (re-exported as",
           "`evoplay.sudoku`, `evoplay.connect4`, ...) with its signature and its docstring, written by",
           "`python/make_stubs.py` from the built module (do not edit: the stubs test fails when this",
           "page and the module differ). The tutorial is [python.md](python.md).", ""]
    modules = [(n, v) for n, v in sorted(vars(package_module).items())
               if isinstance(v, types.ModuleType)]
    for name, mod in modules:
        out += ["## evoplay.%s" % name, ""]
        doc = _doc_text(mod)
        if doc:
            out += [doc, ""]
        for title, lines, prose in _reference_entries(mod):
            if not lines:
                out += ["### %s" % title, ""] + ([prose, ""] if prose else [])
                continue
            out += ["```python"] + lines + ["```"] + ([prose, ""] if prose else [""])
    return "\n".join(out).rstrip() + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    here = pathlib.Path(__file__).resolve().parent / "evoplay"
    parser.add_argument("--out", default=str(here), help="the package folder (python/evoplay)")
    parser.add_argument("--reference", default=str(here.parent.parent / "docs" / "python-reference.md"),
                        help="the reference page written beside the stubs")
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    # the built module from PYTHONPATH, not python/evoplay beside this script (no extension)
    sys.path[:] = [p for p in sys.path if pathlib.Path(p or ".").resolve() != here.parent]
    import evoplay._evoplay as native  # noqa: E402
    _read_keywords(native)
    files = stubs(native)
    out = pathlib.Path(args.out)
    stale = [p for p, text in files.items()
             if not (out / p).exists() or (out / p).read_text() != text]
    extra = sorted(str(p.relative_to(out)) for p in (out / "_evoplay").glob("*.pyi")
                   if str(p.relative_to(out)) not in files) if (out / "_evoplay").exists() else []
    page = pathlib.Path(args.reference)
    page_text = reference(native)
    page_stale = not page.exists() or page.read_text() != page_text
    if args.check:
        for p in stale + extra:
            print("make_stubs: %s differs from the built module's interface" % (out / p))
        if page_stale:
            print("make_stubs: %s differs from the built module's interface" % page)
        return 1 if stale or extra or page_stale else 0
    page.write_text(page_text)
    for p, text in files.items():
        (out / p).parent.mkdir(parents=True, exist_ok=True)
        (out / p).write_text(text)
    for p in extra:
        (out / p).unlink()
    print("make_stubs: %d files in %s" % (len(files), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
