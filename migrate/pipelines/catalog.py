"""`migrate catalog build`: index one checkout, walk each of its L0 definitions, write the catalog JSON."""

from __future__ import annotations

import json

from op_migrate.analyzers.aclnn import FrontendOptions
from op_migrate.analyzers.aclnn.catalog_build import build_catalog
from op_migrate.analyzers.aclnn.l0_index import L0Index, find_repo_root, root_sources
from op_migrate.migrate import __version__, console, exit_codes
from op_migrate.migrate.config import CatalogBuildConfig
from op_migrate.migrate.errors import MigrateError
from op_migrate.migrate.output import Rendered


def run(config: CatalogBuildConfig) -> Rendered:
    root = config.root
    if not root.is_dir():
        raise MigrateError(f"{root}: not a directory (give the root of an operator repository checkout)")
    if not config.mkdir and not config.output.parent.is_dir():
        raise MigrateError(f"-o {config.output}: folder {config.output.parent} does not exist (add --mkdir)")
    if find_repo_root(root) is None:
        console.diagnostic(f"note: {root} has no math/ + conversion/random/experimental layout; "
                           "every C++ source under it is searched for l0op definitions")
    frontend = FrontendOptions()
    index = L0Index([(root.resolve(), root_sources(root.resolve()))], frontend.parse)
    total = len(index.own_definitions())
    with console.progress(total, "walking L0 definitions", config.show_progress, unit="definitions") as advance:
        result = build_catalog(root.resolve(), index, f"op-migrate {__version__}",
                               progress=lambda done, total: advance(1))
    ops = result.document["ops"]
    lines = [f"{len(ops)} L0 op definition(s) in the catalog ({_launch_count(ops)} with launches); "
             f"{result.not_ops} l0op function(s) that are no op (static, no tensor result, or several) left out"]
    lines += [f"skipped {name} at {where}: {why}" for name, where, why in result.skipped]
    return Rendered(json.dumps(result.document, indent=1, sort_keys=True), exit_codes.OK, diagnostics=tuple(lines))


def _launch_count(ops) -> int:
    return sum(1 for op in ops if op["launches"])
