"""The cartesian product of a policy: entry × soc × dtype × case × scalar values, as MatrixPoints."""

from __future__ import annotations

import itertools

from op_migrate.analyzers import catalog
from op_migrate.analyzers.policy.model import MatrixPoint, Policy


def matrix(policy: Policy) -> tuple[MatrixPoint, ...]:
    """Every point to evaluate, in policy order (entries outermost, scalars innermost); duplicates dropped."""
    archs = {name: entry.get("arch") for name, entry in catalog.load("platforms").get("soc", {}).items()}
    points: list[MatrixPoint] = []
    seen: set[MatrixPoint] = set()
    for entry in policy.entries:
        for spec in policy.routes:
            if spec.entries and entry not in spec.entries:
                continue
            names = [name for name, _ in spec.scalars]
            value_sets = [values for _, values in spec.scalars]
            for soc, dtypes, case, values in itertools.product(
                spec.socs, spec.dtypes, spec.cases, itertools.product(*value_sets)
            ):
                point = MatrixPoint(
                    entry=entry,
                    soc=soc,
                    arch=archs.get(soc),
                    dtypes=dtypes,
                    case=case.name,
                    shapes=case.shapes,
                    scalars=tuple(zip(names, values)),
                )
                if point not in seen:
                    seen.add(point)
                    points.append(point)
    return tuple(points)
