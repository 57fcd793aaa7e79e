"""Command line of the header check (`make check-kernels` runs it): folders in, report out, exit 0 / 1 / 2."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from .check import PARTS, CheckConfig, run_check
from .render import render_text

DEFAULT_OPS_ROOT = Path(__file__).resolve().parents[2]


def _paths(value: str) -> tuple[Path, ...]:
    return tuple(Path(p) for p in value.split(":") if p)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m op_migrate.ops.common.header_check",
        description="Compile every ops/*/op_kernel/*.cpp (g++ -fsyntax-only, CPU-debug mode) against real Ascend C "
        "headers for each architecture its OpDef claims, and op_host / op_api sources against host headers.",
    )
    parser.add_argument("--ascend-home", type=Path, help="a CANN toolkit (ASCEND_HOME_PATH): Ascend C, stub and host headers")
    parser.add_argument("--ascendc", type=Path, help="Ascend C headers: an asc-devkit checkout or a toolkit's ascendc/include")
    parser.add_argument("--stubs", type=_paths, default=(), help="CPU-debug stub folders, ':'-separated, searched in order")
    parser.add_argument("--ops-math", type=Path, help="an ops-math checkout (common/inc, other operators' op_api headers)")
    parser.add_argument("--opbase", type=Path, help="an opbase checkout (log/log.h, op_common/, nnopbase opdev/)")
    parser.add_argument("--metadef", type=Path, help="a metadef checkout (register/, exe_graph/, graph/ types)")
    parser.add_argument("--runtime", type=Path,
                        help="a runtime checkout (acl/, platform/soc_spec.h, base/err_msg.h; 9.x)")
    parser.add_argument("--ge", type=Path, help="a ge checkout (inc/graph_metadef: graph/operator_reg.h; 9.x)")
    parser.add_argument("--ops-root", type=Path, default=DEFAULT_OPS_ROOT, help="the folder holding the operators")
    parser.add_argument("--op", action="append", dest="ops", help="check only this operator (repeatable)")
    parser.add_argument("--parts", default=",".join(PARTS), help="comma-separated subset of kernel,host,api")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("-o", "--output", type=Path, help="write the report here instead of stdout")
    parser.add_argument("--log-dir", type=Path, help="keep the full compiler output of every failed compile here")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    parts = tuple(p for p in args.parts.split(",") if p)
    if not parts or any(p not in PARTS for p in parts):
        parser.error(f"--parts takes a comma-separated subset of {','.join(PARTS)}")
    config = CheckConfig(
        ops_root=args.ops_root.resolve(), ascend_home=args.ascend_home, ascendc=args.ascendc, stubs=args.stubs,
        ops_math=args.ops_math, opbase=args.opbase, metadef=args.metadef, runtime=args.runtime, ge=args.ge,
        ops=tuple(args.ops) if args.ops else None, parts=parts, jobs=args.jobs, log_dir=args.log_dir,
    )
    report = run_check(config)
    text = json.dumps(report.to_json(), indent=2) + "\n" if args.format == "json" else render_text(report)
    if args.output is not None:
        args.output.write_text(text, encoding="utf-8")
        print(f"header check: exit {report.exit_code}, report in {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return report.exit_code


if __name__ == "__main__":
    sys.exit(main())
