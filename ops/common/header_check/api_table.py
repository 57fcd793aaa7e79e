"""The committed summary of the real Ascend C API that the CPU model is held to, and its one-command regeneration.

    make cpu-model-table ASCENDC=<asc-devkit> STUBS=<stub folder[:folder]>     (or ASCEND_HOME_PATH=<toolkit>)

writes ops/common/cpu_model/ascendc_api_table.json: for every Ascend C name ops/ uses, its declarations in the real
headers (namespace, template parameters, argument types); the real macros, global names and AscendC functions a
kernel could collide with; which dtypes each vector API accepts at compile time; and which headers it came from.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from .api_view import ViewError, take_view
from .check import CheckConfig, resolve_headers
from .dtype_probes import accepted, probe_cases
from .jobs import SHIMS, Toolchain, generate_kernel_tiling
from .layout import ARCH_DEFINES, CPU_DEBUG_DEFINES, HostHeaders, LayoutError
from .macros import is_reserved

SCHEMA = "op-migrate/ascendc-api-table@1"
TABLE_PATH = Path(__file__).resolve().parents[1] / "cpu_model" / "ascendc_api_table.json"
ARCH = "dav-2201"
REGENERATE = "make cpu-model-table ASCENDC=<asc-devkit> STUBS=<stub folder[:folder]>  (or ASCEND_HOME_PATH=<toolkit>)"


def build_table(config: CheckConfig, model_used: frozenset[str], model_macros: frozenset[str]) -> dict:
    """The table for the headers `config` names; `model_used` adds the names the model's view of ops/ refers to."""
    kernel, stubs = resolve_headers(config)
    with tempfile.TemporaryDirectory(prefix="api-table-") as scratch:
        workdir = Path(scratch)
        tools = Toolchain(kernel, stubs, HostHeaders(), workdir)
        generate_kernel_tiling(kernel, workdir)
        flags = tools.kernel_flags(ARCH)
        roots = (kernel.root, *stubs.dirs, workdir, SHIMS)
        view = take_view(flags, roots, config.ops_root, workdir)
        dtypes = accepted(probe_cases(), flags, workdir)
    used = sorted(view.used | model_used)
    wanted_macros = view.used_macros | model_macros
    return {
        "schema": SCHEMA,
        "regenerate": REGENERATE,
        "headers": {"kind": kernel.kind, "version": kernel.version},
        "stubs": sorted(set(stubs.versions)),
        "arch": ARCH,
        "defines": [*CPU_DEBUG_DEFINES, *ARCH_DEFINES[ARCH]],
        "names": {q: {"kind": view.kinds.get(q, "absent"), "declarations": view.declarations.get(q, [])}
                  for q in used},
        "macros": {name: {"params": params, "value": value} for name, (params, value) in sorted(view.macros.items())
                   if not is_reserved(name) or name in wanted_macros},
        "global_names": sorted(view.global_names),
        "ascendc_functions": sorted(view.ascendc_functions),
        "dtype_support": {api: entry for api, entry in sorted(dtypes.items())},
    }


def load_table(path: Path = TABLE_PATH) -> dict:
    table = json.loads(path.read_text(encoding="utf-8"))
    if table.get("schema") != SCHEMA:
        raise ValueError(f"{path} is not an {SCHEMA} table")
    return table


def dump_table(table: dict) -> str:
    return json.dumps(table, indent=1, sort_keys=False, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    from .conformance import model_view  # the model view needs only the repository, never the real headers

    parser = argparse.ArgumentParser(prog="python -m op_migrate.ops.common.header_check.api_table",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--ascend-home", type=Path)
    parser.add_argument("--ascendc", type=Path)
    parser.add_argument("--stubs", default="", help="stub folders, ':'-separated")
    parser.add_argument("--ops-root", type=Path, default=Path(__file__).resolve().parents[2])
    parser.add_argument("-o", "--output", type=Path, default=TABLE_PATH)
    args = parser.parse_args(argv)
    config = CheckConfig(ops_root=args.ops_root.resolve(), ascend_home=args.ascend_home, ascendc=args.ascendc,
                         stubs=tuple(Path(p) for p in args.stubs.split(":") if p))
    try:
        model = model_view(config.ops_root)
        table = build_table(config, model.used, model.used_macros)
    except LayoutError as error:
        print(f"error [{error.finding.symbol}]: {error.finding.message}", file=sys.stderr)
        return 2
    except ViewError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    args.output.write_text(dump_table(table), encoding="utf-8")
    print(f"wrote {args.output}: {len(table['names'])} names, {len(table['macros'])} macros, "
          f"{len(table['dtype_support'])} probed APIs, headers {table['headers']['kind']} {table['headers']['version']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
