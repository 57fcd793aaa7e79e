"""The sync sites of a kernel's sources, by reading them: every line that calls SetFlag, WaitFlag, PipeBarrier,
EnQue, DeQue or SyncAll, and every line that calls a sync helper (a function whose body holds nothing but those calls
and FetchEventID), comments and strings left out. The mutation suite deletes each in turn; a site no run reaches is
itself a finding (a branch no test runs)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

SOURCE_SUFFIXES = (".h", ".cpp", ".hpp", ".cc")
DIRECT = re.compile(r"\b(?:SetFlag|WaitFlag|PipeBarrier)\s*<|\.\s*EnQue\s*\(|\.\s*(?:template\s+)?DeQue\s*<"
                    r"|\bSyncAll\s*(?:<[^>()]*>)?\s*\(")
# A statement a sync helper may hold besides the sync calls themselves.
HELPER_EXTRA = re.compile(r"^(?:const\s+)?(?:event_t|int32_t|auto)\s+\w+\s*=.*FetchEventID|^return\s*;?$")
FUNCTION = re.compile(r"(?:inline\s+)?void\s+(\w+)\s*\([^;{]*\)\s*(?:const\s*)?\{")


@dataclass(frozen=True, order=True)
class Site:
    """One line of a kernel source that issues (or calls a helper that issues) a sync."""

    file: str  # path relative to the kernel folder's parent (e.g. "op_kernel/floor_mod.h")
    line: int
    text: str

    @property
    def key(self) -> str:
        return f"{self.file}:{self.line}"


def strip_comments(text: str) -> str:
    """The source with comments and string literals blanked (newlines kept, so line numbers stay)."""
    out, i, n = [], 0, len(text)
    while i < n:
        two = text[i:i + 2]
        if two == "//":
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif two == "/*":
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(c if c == "\n" else " " for c in text[i:j]))
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('"' + " " * (min(j, n) - i - 1) + ('"' if j < n else ""))
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def _body(code: str, open_brace: int) -> tuple[str, int]:
    depth, i = 0, open_brace
    while i < len(code):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return code[open_brace + 1:i], i
        i += 1
    return code[open_brace + 1:], len(code)


def sync_helpers(code: str) -> set[str]:
    """Names of functions whose every statement is a sync call (or the FetchEventID that feeds one)."""
    helpers = set()
    for match in FUNCTION.finditer(code):
        body, _ = _body(code, match.end() - 1)
        statements = [s.strip() for s in body.replace("\n", " ").split(";") if s.strip()]
        if statements and all(DIRECT.search(s + ";") or HELPER_EXTRA.search(s) for s in statements) and any(
                DIRECT.search(s + ";") for s in statements):
            helpers.add(match.group(1))
    return helpers


def kernel_sites(kernel_dir: Path) -> list[Site]:
    """Every sync site of the sources under `kernel_dir` (an op's op_kernel folder)."""
    kernel_dir = Path(kernel_dir)
    files = sorted(p for p in kernel_dir.rglob("*") if p.suffix in SOURCE_SUFFIXES)
    codes = {p: strip_comments(p.read_text(encoding="utf-8")) for p in files}
    helpers = set().union(*(sync_helpers(code) for code in codes.values())) if codes else set()
    names = "|".join(sorted(helpers))
    helper_call = re.compile(r"\b(?:" + names + r")\s*(?:<[^>()]*>)?\s*\(") if helpers else None
    helper_definition = re.compile(r"\bvoid\s+(?:" + names + r")\s*\(") if helpers else None
    sites = []
    for path, code in codes.items():
        originals = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(code.splitlines(), start=1):
            is_definition = helper_definition is not None and helper_definition.search(line) is not None
            if DIRECT.search(line) or (helper_call and helper_call.search(line) and not is_definition):
                relative = path.relative_to(kernel_dir.parent).as_posix()
                sites.append(Site(relative, number, originals[number - 1].strip()))
    return sites
