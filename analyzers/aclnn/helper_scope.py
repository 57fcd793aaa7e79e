"""Where a route finds the helpers an op_api file calls: the file itself, the headers it includes (includes.py), and
the sources beside an included header that define a function the header only declares."""

from __future__ import annotations

import os
import re
from dataclasses import replace
from collections.abc import Callable
from pathlib import Path

from op_migrate.analyzers.aclnn.class_lookup import ALIASES, add_alias, chosen_class, class_definition
from op_migrate.analyzers.aclnn.includes import IncludeResolver
from op_migrate.analyzers.cxx.model import ClassDecl, CxxUnit, Function, GlobalDecl

_WORD = re.compile(rb"[A-Za-z_]\w*")
_FIRST_WORD = re.compile(r"[A-Za-z_]\w*")
# Sources read beside one header when looking for a definition it declares: op_api folders hold a handful.
_MAX_BESIDE = 32


def _named(decl: ClassDecl, short: str) -> bool:
    return decl.short_name == short or decl.short_name.startswith(f"{short}<")


def declaration_of(short: str) -> re.Pattern:
    """What a header holds where it declares (or defines) a function `short`: its name, then `(`."""
    return re.compile(rb"\b" + re.escape(short.encode()) + rb"\s*\(")


def declared_word(short: str) -> bytes | None:
    """The word a header's text holds wherever declaration_of(short) is found in it, for an ASCII identifier (a
    test of its word set rules most headers out before the search); None for other names."""
    return short.encode() if short.isascii() and short.isidentifier() else None


class HelperScope:
    """The units a call in a unit may reach by name, parsed on first need and shared by every walk of a process."""

    def __init__(self, resolver: IncludeResolver, parse: Callable[[Path], CxxUnit],
                 units: dict[Path, CxxUnit] | None = None) -> None:
        self.resolver = resolver
        self._parse = parse
        self._units = units if units is not None else {}
        self._by_name: dict[tuple[str, str], list[tuple[CxxUnit, Function]]] = {}
        self._beside: dict[tuple[str, str], list[tuple[CxxUnit, Function]]] = {}
        self._texts: dict[Path, bytes] = {}
        self._globals: dict[tuple[str, str], GlobalDecl | None] = {}
        self._all_globals: dict[tuple[str, str], tuple[GlobalDecl, ...]] = {}
        self._word_sets: dict[Path, frozenset[bytes]] = {}
        # unit path -> (its headers, each with its words, nearest first): asked per name looked up, so the header
        # paths are not hashed again for each name.
        self._header_words: dict[str, tuple] = {}
        # (file, question, name) -> whether its text declares function `name` / may define class `name`.
        self._searched: dict[tuple[Path, str, str], bool] = {}
        self._classes: dict[tuple[str, str], tuple] = {}  # (unit, name) -> (its classes, the class its alias names)
        self._alias_maps: dict[Path, dict[str, str]] = {}
        # A unit's path -> (its headers, every alias its text and those headers hold).
        self._unit_aliases: dict[str, tuple[tuple, dict[str, str]]] = {}
        self._methods: dict[tuple[str, str, str, str], list[tuple[CxxUnit, Function]]] = {}
        # The roots' C++ sources of one file stem (`matmul_util` -> every matmul_util.cpp), when a caller knows them
        # (analyzers/aclnn/chain.py gives the reachability index's file list).
        self.sources_named = None
        # The roots' sources that define a launch-reaching name (the reachability index knows), for a function a
        # header declares and a source of another name defines.
        self.defined_in = None

    def header_count(self, unit: CxxUnit) -> int:
        """How many headers `unit` reads (its includes, transitively, within the bound)."""
        return len(self._header_paths(unit))

    def cut(self, unit: CxxUnit) -> bool:
        """Whether the bound on headers left some of `unit`'s includes unread."""
        return self.resolver.closure(unit.path)[1]

    def functions(self, unit: CxxUnit, short: str) -> list[tuple[CxxUnit, Function]]:
        """Definitions named `short` in `unit` and then in its headers (overloads are chosen among all of them).
        A header is parsed only when its text names `short`, so most calls (framework functions) parse none."""
        key = (unit.path, short)
        if key not in self._by_name:
            found = [(unit, function) for function in unit.functions if function.short_name == short]
            for owner in self._headers_naming(unit, short):
                found.extend((owner, function) for function in owner.functions if function.short_name == short)
            self._by_name[key] = self._with_defaults(unit, short, found)
        return self._by_name[key]

    def _with_defaults(self, unit: CxxUnit, short: str, pairs):
        """Definitions with the default values of the declaration a caller in `unit` sees: a header declares
        `F(x, bool keep = false)` and the .cpp defines `F(x, bool keep)`, so `F(x)` reaches the definition."""
        if not pairs:
            return pairs
        declared = [p for p in unit.prototypes if p.name.rsplit("::", 1)[-1] == short]
        for owner in self._headers_naming(unit, short):
            declared.extend(p for p in owner.prototypes if p.name.rsplit("::", 1)[-1] == short)
        out = []
        for owner, function in pairs:
            match = next((p for p in declared if len(p.params) == len(function.params) and
                          any(q.has_default for q in p.params) and not any(q.has_default for q in function.params)
                          and (p.name == function.name or p.name.rsplit("::", 1)[-1] == function.name.rsplit("::", 1)[-1])),
                         None)
            if match is not None:
                params = tuple(replace(param, type_text=param.declared_type + " = " +
                                       declared_param.type_text.split(" = ", 1)[1])
                               if declared_param.has_default else param
                               for param, declared_param in zip(function.params, match.params))
                function = replace(function, params=params)
            out.append((owner, function))
        return out

    def class_decl(self, unit: CxxUnit, short: str, spelling: str = "",
                   scope: str = "") -> tuple[CxxUnit, ClassDecl] | None:
        """The class or struct named `short` that `unit` sees (its own, then its headers', nearest first), or the
        struct a type alias of that name stands for. When several different classes have that name, `spelling` (as
        written, qualified or not) and `scope` (the qualified function or class it is used from) pick one as C++
        lookup does: the one the qualifier names, else the one of the innermost namespace around `scope`; None when
        that does not single one out (a wrong class would give wrong members; none leaves them unknown)."""
        key = (unit.path, short)
        if key not in self._classes:
            self._classes[key] = ((), None)  # an alias chain that leads back to `short` ends here
            self._classes[key] = self._classes_named(unit, short)
        classes, aliased = self._classes[key]
        if any(decl.short_name.startswith(f"{short}<") for _, decl in classes):
            return None  # a class template with explicit specializations: which one a use means is not read
        found = chosen_class(classes, spelling or short, scope)
        # A name no class of that name fits (none, or `n2::P` where only `n1::P` is a class): the alias, if any.
        return found if found is not None else aliased

    def _classes_named(self, unit: CxxUnit, short: str):
        """(every class named `short` in the unit and its headers, first seen first; the one class a type alias of
        that name stands for, when it is one and has no methods, else None)."""
        # The class, and its explicit specializations (`template <> struct Traits<float>`).
        found = [(unit, c) for c in unit.classes if _named(c, short)]
        word = short.encode()
        for path, words in self._words_of_headers(unit):
            if word in words and self._defines_class(path, short):
                owner = self._unit(path)
                found.extend((owner, c) for c in owner.classes if _named(c, short))
        target = self._aliased(unit, short)
        if target is None:
            return tuple(found), None
        self.class_decl(unit, target)
        classes, further = self._classes[(unit.path, target)]
        aliased = classes or ((further,) if further is not None else ())  # `using Q = P;` with `using P = B;`
        if len({decl.name for _, decl in aliased}) != 1:
            return tuple(found), None  # no class, or several of that name: which one the alias means is not read
        owner, decl = aliased[0]
        if any(decl.owns(function) for function in owner.functions):
            # Its methods are templates of the alias's arguments, which the walk does not substitute
            # (`using FVector = SmallVector<...>`, a container the walk models itself): not followed.
            return tuple(found), None
        return tuple(found), aliased[0]

    def _defines_class(self, path: Path, short: str) -> bool:
        """Whether a header's text may define class `short` (`class`/`struct` before the name): only those are
        parsed for it."""
        return self._holds(path, "class", short, class_definition)

    def _aliased(self, unit: CxxUnit, short: str) -> str | None:
        """The class a type alias `short` names (`using A = ns::B<T>;`, `typedef B<T> A;`) in the unit's text or
        its headers (its own first, then the nearest); None when there is none."""
        headers = self._words_of_headers(unit)
        held = self._unit_aliases.get(unit.path)
        if held is None or held[0] is not headers:  # the closure of the unit's current text, as _words_of_headers
            merged: dict[str, str] = {}
            for path in (Path(unit.path), *(path for path, _ in headers)):
                for alias, target in self._aliases(path).items():
                    # Two aliases of one name that name different classes (other namespaces, opposite `#if`
                    # branches): which one a use means is not read here, so neither.
                    add_alias(merged, alias, target)
            held = self._unit_aliases[unit.path] = (headers, merged)
        target = held[1].get(short)
        return target if target is not None and target.isidentifier() and target != short else None

    def _aliases(self, path: Path) -> dict[str, str]:
        """alias -> the short name of the class it names, for every type alias in a file (read once per run)."""
        found = self._alias_maps.get(path)
        if found is None:
            found = {}
            for match in ALIASES.finditer(self._text(path)):
                alias, target = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
                named = target.decode("ascii", "replace").rsplit("::", 1)[-1]
                add_alias(found, alias.decode("ascii", "replace"), named)
            self._alias_maps[path] = found
        return found

    def methods(self, unit: CxxUnit, owner: CxxUnit, decl: ClassDecl, method: str) -> list[tuple[CxxUnit, Function]]:
        """Definitions of `decl`'s method `method` a call in `unit` reaches: in the class body, out of line in the
        class's file, in `unit` and the headers of either, or in a source beside a header that declares it."""
        key = (unit.path, owner.path, decl.name, method)
        if key not in self._methods:
            found: list[tuple[CxxUnit, Function]] = []
            for each in (owner, unit):
                for pair in self.functions(each, method) + self.beside(each, method):
                    if decl.owns(pair[1]) and pair not in found:
                        found.append(pair)
            self._methods[key] = found
        return self._methods[key]

    def global_decl(self, unit: CxxUnit, short: str) -> GlobalDecl | None:
        """The namespace-scope declaration named `short` that `unit` sees: its own first, then its headers', then
        the definition in a source beside a header that declares it `extern` (a registry table in its own .cpp)."""
        key = (unit.path, short)
        if key not in self._globals:
            found = next((d for d in unit.globals if d.name.rsplit("::", 1)[-1] == short), None)
            for owner in () if found is not None else self._headers_naming(unit, short):
                found = next((d for d in owner.globals if d.name.rsplit("::", 1)[-1] == short), None)
                if found is not None:
                    break
            if found is None:
                found = self._global_beside(unit, short)
            self._globals[key] = found
        return self._globals[key]

    def global_decls(self, unit: CxxUnit, short: str) -> tuple[GlobalDecl, ...]:
        """Every namespace-scope declaration named `short` in `unit` and the headers it includes (`cfg::kWidth` and
        `cfg2::kWidth` are two)."""
        key = (unit.path, short)
        if key not in self._all_globals:
            found = [d for d in unit.globals if d.name.rsplit("::", 1)[-1] == short]
            for owner in self._headers_naming(unit, short):
                found.extend(d for d in owner.globals if d.name.rsplit("::", 1)[-1] == short)
            self._all_globals[key] = tuple(found)
        return self._all_globals[key]

    def _global_beside(self, unit: CxxUnit, short: str) -> GlobalDecl | None:
        word = short.encode()
        own = os.path.abspath(unit.path)
        for header in self._header_paths(unit):
            if word not in self._words(header) or b"extern" not in self._text(header):
                continue
            for source in self.resolver.sources_in(header.parent)[:_MAX_BESIDE]:
                if str(source) != own and word in self._words(source):
                    found = next((d for d in self._unit(source).globals if d.name.rsplit("::", 1)[-1] == short), None)
                    if found is not None:
                        return found
        return None

    def _header_paths(self, unit: CxxUnit) -> tuple[Path, ...]:
        return self.resolver.closure(unit.path)[0]  # by its text: the resolver caches by it

    def _headers_naming(self, unit: CxxUnit, short: str):
        """The parsed headers of `unit` whose text holds the word `short`, nearest first."""
        # `operator+` and `RunT<float>` (an explicit specialization): the word its text holds is the name's first.
        first = _FIRST_WORD.match(short)
        word = (first.group(0) if first else short).encode()
        for path, words in self._words_of_headers(unit):
            if word in words:
                yield self._unit(path)

    def _words_of_headers(self, unit: CxxUnit) -> tuple[tuple[Path, frozenset[bytes]], ...]:
        paths = self._header_paths(unit)
        found = self._header_words.get(unit.path)
        if found is None or found[0] is not paths:  # the resolver's closure of the unit's current text
            found = self._header_words[unit.path] = (paths, tuple((path, self._words(path)) for path in paths))
        return found[1]

    def _header_declares(self, header: Path, short: str) -> bool:
        """Whether a header's text declares (or defines) function `short`: once per header and name, whichever unit
        reads the header."""
        return self._holds(header, "function", short, declaration_of)

    def _holds(self, path: Path, what: str, short: str, pattern) -> bool:
        """Whether a file's text holds `pattern(short)`: searched once per file, question and name."""
        key = (path, what, short)
        found = self._searched.get(key)
        if found is None:
            found = self._searched[key] = pattern(short).search(self._text(path)) is not None
        return found

    def _words(self, path: Path) -> frozenset[bytes]:
        if path not in self._word_sets:
            self._word_sets[path] = frozenset(_WORD.findall(self._text(path)))
        return self._word_sets[path]

    def beside(self, unit: CxxUnit, short: str) -> list[tuple[CxxUnit, Function]]:
        """Definitions of `short` in the sources beside a header of `unit` that declares it (`util.h` declares,
        `util.cpp` next to it defines), else in the roots' sources named like that header (`common/inc/util.h`
        declares, `common/src/util.cpp` defines); `static` definitions are file-local and never reached from here."""
        key = (unit.path, short)
        if key not in self._beside:
            found: list[tuple[CxxUnit, Function]] = []
            defined = re.compile(rb"\b" + re.escape(short.encode()) +
                                 rb"\s*\([^;{}]*\)\s*(?:(?:const|override|final|noexcept)\s*)*[:{]")
            own = os.path.abspath(unit.path)
            word = declared_word(short)
            declaring = [header for header, words in self._words_of_headers(unit)
                         if (word is None or word in words) and self._header_declares(header, short)]
            sources = [source for folder in dict.fromkeys(header.parent for header in declaring)
                       for source in self.resolver.sources_in(folder)[:_MAX_BESIDE]]
            if self.sources_named is not None and declaring:
                sources += [Path(path) for header in declaring for path in self.sources_named(header.stem)
                            if Path(path) not in sources][:_MAX_BESIDE]
            if self.defined_in is not None and declaring:
                sources += [Path(path) for path in self.defined_in(short, own) if Path(path) not in sources]
            for source in sources:
                if str(source) == own or not defined.search(self._text(source)):
                    continue
                owner = self._unit(source)
                found.extend((owner, f) for f in owner.functions if f.short_name == short and not f.is_static)
            self._beside[key] = self._with_defaults(unit, short, found)
        return self._beside[key]

    def _unit(self, path: Path) -> CxxUnit:
        unit = self._units.get(path)
        if unit is None:
            unit = self._units[path] = self._parse(path)
        return unit

    def source_text(self, path: Path) -> bytes:
        """A file's bytes, read once per run (empty when unreadable)."""
        return self._text(path)

    def _text(self, path: Path) -> bytes:
        if path not in self._texts:
            try:
                self._texts[path] = path.read_bytes()
            except OSError:
                self._texts[path] = b""
        return self._texts[path]


