"""What the generated tests of a scaffolded operator run: shape cases, input data, the kernel on the CPU model,
the golden of the TBE chain (dsl_numpy) and the comparison with the community's precision thresholds.

Thresholds: np.isclose with rtol = atol = 1e-3 (float16), 1e-4 (float32), 4e-3 (bfloat16), NaN equal to NaN,
integers and booleans exact: the values of ops-math 9.1.0 experimental/math/rsqrt/tests/ut/op_kernel/rsqrt_data/
compare_data.py. The mean and max relative errors (MERE / MARE, the "community standard" of
experimental/math/truncate_mod/.../compare_data.py: float16 2^-10, bfloat16 2^-7, float32 2^-13; MARE < 10x) are
reported beside them.
"""

from __future__ import annotations

import itertools

import numpy as np

from op_migrate.analyzers.scaffold import dsl_numpy
from op_migrate.analyzers.scaffold.attr_cases import holds
from op_migrate.analyzers.scaffold.chain import min_rank, numel_ports, shape_reads
from op_migrate.analyzers.scaffold.list_inputs import TESTED_LENGTHS
from op_migrate.analyzers.scaffold.values import MAX_RANK

THRESHOLDS = {"float16": 1e-3, "float32": 1e-4, "bfloat16": 4e-3}
MERE_THRESHOLDS = {"float16": 2 ** -10, "float32": 2 ** -13, "bfloat16": 2 ** -7}
FLOATS = ("float16", "float32", "bfloat16")
COMPLEX = {"complex32": "float16", "complex64": "float32"}  # compared part by part with the part's thresholds
SPECIALS = (np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0)


def shape_cases(document: dict) -> list[dict]:
    """Shape cases for every input: tails, several tiles on several cores, and (broadcast pattern) each way an input
    can broadcast: along rows, one value per row, one element. Inputs read as t[0] always have one element."""
    count = len(document["inputs"])
    single = set(document.get("one_element_inputs", []))

    def shapes(first, others):
        return [[1] if name in single else (first if index == 0 else others)
                for index, name in enumerate(document["inputs"])]

    cases = [
        {"name": "same-tail", "shapes": shapes([3, 45], [3, 45]), "cores": 1},
        {"name": "same-multicore", "shapes": shapes([9001], [9001]), "cores": 4},
        {"name": "same-specials", "shapes": shapes([2, 64], [2, 64]), "cores": 2, "specials": True},
    ]
    if _listed(document):
        # A tensor-list operator: every case at the shortest length TBE accepts (1, or 2 where TBE refuses one
        # element) and at 3; its elements have one shape (TBE classifies them ELEWISE: no broadcast).
        return [{**case, "name": f"{case['name']}-list{length if length > 1 else '-shortest'}", "list": length}
                for length in TESTED_LENGTHS for case in cases]
    if document.get("pattern") == "ELEWISE_WITH_BROADCAST" and count - len(single) >= 2:
        cases += [
            {"name": "broadcast-rows", "shapes": shapes([5, 1, 33], [1, 7, 33]), "cores": 3},
            {"name": "broadcast-row-values", "shapes": shapes([6, 40], [6, 1]), "cores": 2},
            {"name": "broadcast-scalar", "shapes": shapes([2, 50], [1]), "cores": 2},
        ]
    return cases


def _with_rank(case: dict, rank: int, single: set, inputs: list) -> dict:
    """The case with leading dims up to the rank the chain's dimension reads need: 2, 3, 2 ... in front of every
    shape of several elements (the same for each, so the broadcast is the same), 1s in front of a one-element one."""
    lead = [2 + i % 2 for i in range(rank)]
    shapes = []
    for name, shape in zip(inputs, case["shapes"]):
        missing = rank - len(shape)
        if missing <= 0 or name in single:
            shapes.append(shape)
        else:
            shapes.append(([1] * missing if int(np.prod(shape)) == 1 else lead[:missing]) + shape)
    return {**case, "shapes": shapes}


def make_inputs(document: dict, chain: dict, case: dict, seed: int) -> dict:
    """port -> array of its dtype and the case's shape. Integers never hold 0 (TBE leaves integer division by 0
    undefined); floats are uniform in [-5, 5], with NaN / +-inf / +-0 / +-1 up front in the specials case."""
    rng = np.random.default_rng(seed)
    arrays = {}
    for index, (name, shape) in enumerate(zip(document["inputs"], case["shapes"])):
        dtype = chain["combination"][f"input{index}"]
        if dtype in FLOATS:
            values = rng.uniform(-5, 5, size=shape).astype(np.float32)
            if case.get("specials") and values.size >= len(SPECIALS):
                flat = values.reshape(-1)
                flat[: len(SPECIALS)] = np.roll(np.array(SPECIALS, dtype=np.float32), index)
            arrays[name] = values.astype(dsl_numpy.np_dtype(dtype))
        elif dtype in COMPLEX:
            parts = rng.uniform(-5, 5, size=(2, *shape)).astype(np.float32)
            values = dsl_numpy.pairs(parts[0], parts[1])
            arrays[name] = dsl_numpy.round_complex32(values) if dtype == "complex32" else values
        elif dtype == "bool":
            arrays[name] = rng.integers(0, 2, size=shape).astype(np.int8)
        else:
            info = np.iinfo(dsl_numpy.np_dtype(dtype))
            low, high = max(int(info.min), -50), min(int(info.max), 50)
            values = rng.integers(low, high + 1, size=shape)
            values[values == 0] = 1
            arrays[name] = values.astype(dsl_numpy.np_dtype(dtype))
    return arrays


def attr_values(document: dict, key: str | None = None) -> dict:
    """Numeric attribute values for the driver and the golden: the default, or (a chain variant of an attribute
    branch) the value that selects it; string attributes only choose the variant and are left out."""
    values = {}
    chosen = document["combos"][key].get("attr_values", {}) if key is not None else {}
    for attr in document.get("attrs", []):
        if attr["name"] in chosen:
            value = chosen[attr["name"]]
            if isinstance(value, (bool, int, float)):
                values[attr["name"]] = float(value)
            continue
        if attr.get("kind") == "str":
            continue
        text = attr.get("default")
        try:
            values[attr["name"]] = float({"true": 1, "false": 0}.get(str(text).lower(), text)) if text not in (None, "") \
                else 0.5
        except ValueError:
            values[attr["name"]] = 0.5
    return values


def driver_attrs(document: dict, key: str) -> dict:
    """attr-<name> options of the driver: the numeric values the golden uses, and each string attribute's value
    (the one that selects the variant, else its default) for the host's variant check."""
    options = {f"attr-{name}": repr(value) for name, value in attr_values(document, key).items()}
    chosen = document["combos"][key].get("attr_values", {})
    for attr in document.get("attrs", []):
        if attr.get("kind") == "str":
            value = chosen.get(attr["name"], attr.get("default"))
            if isinstance(value, str):
                options[f"attr-{attr['name']}"] = value.strip("'\"")
    return options


def golden(chain: dict, document: dict, arrays: dict, attrs: dict) -> dict:
    shape = np.broadcast_shapes(*[np.shape(a) for a in arrays.values()])
    broadcast = {name: np.broadcast_to(array, shape) for name, array in arrays.items()}
    counted = {**attrs, "__shapes__": {name: np.shape(array) for name, array in arrays.items()}}
    # An output that reads no input (tbe.broadcast of a scalar: Fills) is one value, at every element of the shape.
    return {name: np.broadcast_to(value, shape).copy() if np.size(value) == 1 else np.asarray(value).reshape(shape)
            for name, value in dsl_numpy.evaluate(chain, broadcast, counted).items()}


def compare(actual: np.ndarray, expected: np.ndarray, dtype: str) -> tuple[bool, str]:
    """(passed, what differs)."""
    if actual.shape != expected.shape:
        return False, f"shape {actual.shape} != {expected.shape}"
    if dtype in COMPLEX:
        parts = [compare(part(actual), part(expected), COMPLEX[dtype]) for part in (np.real, np.imag)]
        return parts[0][0] and parts[1][0], f"real: {parts[0][1]}; imaginary: {parts[1][1]}"
    if dtype in FLOATS:
        a = actual.astype(np.float64)
        e = expected.astype(np.float64)
        tolerance = THRESHOLDS[dtype]
        with np.errstate(all="ignore"):
            good = np.isclose(a, e, rtol=tolerance, atol=tolerance, equal_nan=True)
            finite = np.isfinite(e) & np.isfinite(a)
            relative = np.abs(a - e)[finite] / np.maximum(np.abs(e[finite]), 1e-6)
        mere = float(relative.mean()) if relative.size else 0.0
        mare = float(relative.max()) if relative.size else 0.0
        summary = f"MERE {mere:.3g} MARE {mare:.3g} (community standard {MERE_THRESHOLDS[dtype]:.3g} / " \
                  f"{10 * MERE_THRESHOLDS[dtype]:.3g})"
    else:
        good = actual == expected
        summary = "exact"
    if good.all():
        return True, summary
    where = np.argwhere(~good)[:5]
    shown = ", ".join(f"{tuple(int(i) for i in w)}: {actual[tuple(w)]!r} != {expected[tuple(w)]!r}" for w in where)
    return False, f"{int((~good).sum())} of {good.size} differ ({summary}); first {shown}"


# The rank of a storage format's shapes.
FORMAT_RANKS = {"NCHW": 4, "NHWC": 4, "HWCN": 4, "NCDHW": 5, "NDHWC": 5, "NC1HWC0": 5, "NDC1HWC0": 6}


def keyed_case(document: dict, key: str, case: dict) -> dict:
    """The case as key runs it: shapes of the rank the chain's dimension reads need; where the chain reads an input
    in a shape the host computes from the others' dims (TBE's static path rewrote it: [C] as [1, C, 1, 1]), every
    shape has the rank of the key's format and that input gets the computed shape. "shapes" are the caller's (what
    the driver passes, the host's VariantHolds reads and ApplyShapes rewrites), "read_shapes" the shapes the kernel
    reads (the golden's). Where those shapes do not take the key's branches on single ports' ranks (a [C] weight of a
    rank-4 x: `len(shape_w) == 1`, `shape_w[0] == shape_x[1]`), the caller's shapes are searched for (callers_for)."""
    combo = document["combos"][key]
    overrides = combo["chain"].get("extra", {}).get("shape_overrides") or {}
    ranks = {FORMAT_RANKS.get(column[0]) for column in combo.get("formats", [])} - {None}
    rank = max(min_rank(combo["chain"]), max(ranks) if overrides and len(ranks) == 1 else 0)
    exact = _exact_rank(combo["chain"])
    if exact is not None:  # a key the host chooses by the caller's rank (the trace forked on it): cases of that rank
        rank = exact
    single = set(document.get("one_element_inputs", []))
    shaped = _with_rank(case, rank, single, document["inputs"])
    read = None
    try:
        if overrides:
            shapes = dict(zip(document["inputs"], shaped["shapes"]))
            for port, exprs in overrides.items():
                shapes[port] = [_shape_read(combo["chain"], expr, shapes) for expr in exprs]
            shaped = {**shaped, "shapes": [shapes[name] for name in document["inputs"]]}
        read = _read_shapes(document, key, shaped["shapes"])
    except IndexError:  # a dimension the key's rewrite reads beyond the drawn rank
        pass
    if (read is None or not _conditions_hold(document, key, shaped["shapes"])) and _port_ranks_decide(combo["chain"]):
        found = callers_for(document, key, case, rank)
        if found is not None:
            return {**case, "shapes": found, "read_shapes": _read_shapes(document, key, found)}
    return {**shaped, "read_shapes": read if read is not None else shaped["shapes"]}


def _read_shapes(document: dict, key: str, callers: list) -> list | None:
    """The shapes the kernel of key reads for these caller's shapes (ApplyShapes: the rewritten inputs' shapes from
    the callers' dims), None where the host refuses them: a dimension read beyond a rank, an element count not the
    caller's, shapes that do not broadcast."""
    chain = document["combos"][key]["chain"]
    overrides = chain.get("extra", {}).get("shape_overrides") or {}
    shapes = dict(zip(document["inputs"], [list(s) for s in callers]))
    read = dict(shapes)
    try:
        for port, exprs in overrides.items():
            read[port] = [_shape_read(chain, expr, shapes) for expr in exprs]
            if int(np.prod(read[port])) != int(np.prod(shapes[port])):
                return None
        np.broadcast_shapes(*[tuple(s) for s in read.values()])
    except (IndexError, ValueError):
        return None
    return [read[name] for name in document["inputs"]]


def _conditions_hold(document: dict, key: str, callers: list) -> bool:
    """Whether the caller's shapes take key's branches on the shapes (as the host's VariantHolds decides)."""
    chain = document["combos"][key]["chain"]
    shapes = dict(zip(document["inputs"], callers))
    for condition in chain.get("extra", {}).get("conditions", []):
        predicate = condition["predicate"]
        if not predicate.get("shape"):
            continue
        try:
            reads = dsl_numpy.shape_values(chain, [predicate["expr"], predicate["value_expr"]], shapes)
        except ValueError:  # shapes that do not broadcast: no call has them
            return False
        if holds(predicate, reads) is not condition["outcome"]:
            return False
    return True


def _port_ranks_decide(chain: dict) -> bool:
    """Whether a branch of the key reads the rank of one input port on its own (`len(shape_w) == 1` beside
    `len(shape_x) == 4`): then the inputs' ranks differ in the key's calls, which one rank for every shape cannot
    give."""
    ports = {item["port"] for item in chain.get("inputs", [])}
    for condition in chain.get("extra", {}).get("conditions", []):
        predicate = condition["predicate"]
        if not predicate.get("shape"):
            continue
        for read in [*shape_reads(predicate["expr"]), *shape_reads(predicate["value_expr"])]:
            if read[0] == "rank" and read[1].startswith("port:") and read[1][5:] in ports:
                return True
    return False


def callers_for(document: dict, key: str, case: dict, rank: int) -> list | None:
    """Caller's shapes for a key whose branches read single ports' ranks: the case's first input (the anchor) at the
    key's rank (or one or two dims more, then any rank up to 8, where the branches relate the ranks; the case's last
    dims where the key's rank is lower), each other input a window of the anchor's dims, all 1s, or the anchor with
    leading dims put in front, at a rank its branches name (then any other up to 8). The first assignment in that
    order whose shapes take every branch of the key, that the host accepts (ApplyShapes, broadcast) and whose output
    is at most 8 times the case's (or 64 Ki elements); None where none does (the key then has no case of this
    shape)."""
    chain = document["combos"][key]["chain"]
    inputs = document["inputs"]
    single = set(document.get("one_element_inputs", []))
    constants = sorted({int(c["predicate"]["value_expr"][1]) for c in chain.get("extra", {}).get("conditions", [])
                        if c["predicate"].get("shape") and c["predicate"].get("expr", [None])[0] == "rank"
                        and (c["predicate"].get("value_expr") or [None])[0] == "const"
                        and 0 < int(c["predicate"]["value_expr"][1]) <= MAX_RANK})
    fixed = _exact_rank(chain, inputs[0])
    preferred = [max(rank, 1), max(rank, 1) + 1, max(rank, 1) + 2]
    anchors = [fixed] if fixed is not None else list(dict.fromkeys(
        [r for r in preferred if r <= MAX_RANK] + list(range(1, MAX_RANK + 1))))
    for anchor_rank in anchors:
        drawn = _with_rank(case, anchor_rank, single, inputs)["shapes"]
        anchor = drawn[0][-anchor_rank:]
        drawn = int(np.prod(np.broadcast_shapes(*[tuple(s) for s in drawn])))
        options = [[anchor]]
        for name in inputs[1:]:
            if name in single:
                options.append([[1]])
                continue
            shapes = []
            for size in dict.fromkeys([len(anchor), *constants, len(anchor) - 1, len(anchor) + 1, 1,
                                       *range(1, MAX_RANK + 1)]):
                if size < 1 or size > MAX_RANK:
                    continue
                if size <= len(anchor):
                    shapes += [anchor[i:i + size] for i in range(len(anchor) - size + 1)]
                else:
                    shapes += [[lead] * (size - len(anchor)) + anchor
                               for lead in dict.fromkeys([1, *[d for d in anchor if d <= 64]])]
                shapes.append([1] * size)
            options.append(list(map(list, dict.fromkeys(map(tuple, shapes)))))
        for callers in itertools.product(*options):
            callers = [list(s) for s in callers]
            if not _conditions_hold(document, key, callers):
                continue
            read = _read_shapes(document, key, callers)
            # no larger than 8 times the case as drawn or 64 Ki elements (ger's [n, 1] x [m]: [45, 45], not a
            # [9001, 9001] output)
            if read is not None and int(np.prod(np.broadcast_shapes(*[tuple(s) for s in read]))) \
                    <= max(8 * drawn, 1 << 16):
                return callers
    return None


def _exact_rank(chain: dict, port: str | None = None) -> int | None:
    """The rank a key's shape conditions fix (`rank(...) == r` taken; given a port, `rank(port:<port>) == r`), else
    None."""
    for condition in chain.get("extra", {}).get("conditions", []):
        predicate = condition["predicate"]
        expr, right = predicate.get("expr"), predicate.get("value_expr")
        if predicate.get("shape") and condition["outcome"] and predicate.get("op") == "==" and expr \
                and expr[0] == "rank" and right and right[0] == "const" \
                and (port is None or expr[1] == f"port:{port}"):
            return int(right[1])
    return None


def selects(document: dict, key: str, case: dict) -> bool:
    """Whether the case's shapes (as key runs them) take key's branches on the shapes: the host chooses such a key
    by the call's shapes (the caller's, before ApplyShapes), so a case runs on the keys its shapes select."""
    keyed = keyed_case(document, key, case)
    return _conditions_hold(document, key, keyed["shapes"])


def _shape_read(chain: dict, expr, shapes: dict) -> int:
    if expr[0] == "const":
        return int(expr[1])
    shape = np.broadcast_shapes(*[tuple(shapes[port]) for port in numel_ports(chain, expr[1])])
    return int(shape[expr[2]])


def _listed(document: dict) -> bool:
    return any(combo["chain"].get("extra", {}).get("list") for combo in document["combos"].values())


def list_length(document: dict, key: str, case: dict) -> int:
    """The case's list length for key: 1 means the shortest the key's TBE code accepts."""
    info = document["combos"][key]["chain"]["extra"]["list"]
    return max(int(case["list"]), int(info["min_length"]))


def _run_list_case(cpu_model, executable, workdir, document: dict, key: str, case: dict, seed: int) -> list[str]:
    """A tensor-list operator: the elements are x0_0 .. x0_<N-1> of the driver (--list N); the golden is the TBE
    chain traced for N elements (list_inputs.LENGTHS), evaluated as written."""
    combo = document["combos"][key]
    info = combo["chain"]["extra"]["list"]
    length = list_length(document, key, case)
    chain = info["lengths"][str(length)]
    ports = [item["port"] for item in chain["inputs"]]
    listed = {**document, "inputs": ports, "one_element_inputs": []}
    listed_case = {**case, "shapes": [case["shapes"][0]] * length}
    arrays = make_inputs(listed, {**chain, "combination": {f"input{i}": item["dtype"]
                                                           for i, item in enumerate(chain["inputs"])}},
                         listed_case, seed)
    attrs = attr_values(document, key)
    registered = combo["chain"]["combination"]["input0"]
    inputs = {f"x0_{index}": _raw(arrays[port], registered) for index, port in enumerate(ports)}
    outputs = {f"y{index}": _storage(combo["chain"]["combination"][f"output{index}"])
               for index in range(len(document["outputs"]))}
    options = {"key": key, "list": str(length), "shape0": ",".join(str(d) for d in case["shapes"][0])}
    options.update(driver_attrs(document, key))
    results = cpu_model.run_kernel(executable, workdir, inputs, outputs, cores=case["cores"], options=options)
    expected = golden(chain, listed, arrays, attrs)
    return _compared(document, combo["chain"]["combination"], expected, results, f"{case['name']} key {key}",
                     sized=f", {length} elements")


def run_case(cpu_model, executable, workdir, document: dict, key: str, case: dict, seed: int = 2026) -> list[str]:
    """Run one combination on one case; returns the comparison lines and raises AssertionError on a mismatch."""
    combo = document["combos"][key]
    if "list" in case:
        return _run_list_case(cpu_model, executable, workdir, document, key, case, seed)
    chain = combo["chain"]
    case = keyed_case(document, key, case)
    if case.get("specials") and not any(chain["combination"][f"input{i}"] in FLOATS
                                        for i in range(len(document["inputs"]))):
        case = {**case, "specials": False}
    arrays = make_inputs(document, chain, case, seed)
    attrs = attr_values(document, key)
    inputs = {f"x{index}": _raw(arrays[name], chain["combination"][f"input{index}"])
              for index, name in enumerate(document["inputs"])}
    outputs = {f"y{index}": _storage(chain["combination"][f"output{index}"])
               for index in range(len(document["outputs"]))}
    options = {"key": key}
    for index, shape in enumerate(case["shapes"]):
        options[f"shape{index}"] = ",".join(str(d) for d in shape) if shape else "-"
    options.update(driver_attrs(document, key))
    results = cpu_model.run_kernel(executable, workdir, inputs, outputs, cores=case["cores"], options=options)
    # The golden reads each input in the shape the kernel reads it (the caller's data, rewritten shapes applied).
    read = {name: np.reshape(arrays[name], shape) for name, shape in zip(document["inputs"], case["read_shapes"])}
    expected = golden(chain, document, read, attrs)
    return _compared(document, chain["combination"], expected, results, f"{case['name']} key {key}")


def _compared(document: dict, combination: dict, expected: dict, results: dict, label: str, sized: str = "") \
        -> list[str]:
    """Every output of the kernel against the golden: the comparison lines, or an AssertionError naming each
    mismatch (`label`: the case and key; `sized`: said after the dtype, a list case's element count)."""
    lines, failures = [], []
    for index, name in enumerate(document["outputs"]):
        dtype = combination[f"output{index}"]
        if name not in expected:
            # An output this variant does not write (its attribute turns it off): the kernel leaves the memory as
            # the driver allocated it, zero bytes.
            raw = np.asarray(results[f"y{index}"])
            touched = int(np.count_nonzero(raw.view(np.uint8)))
            lines.append(f"{name} ({dtype}): not written by this variant, {touched} nonzero bytes")
            if touched:
                failures.append(f"{label} {name} ({dtype}): not written by this variant, yet {touched} of its bytes "
                                "changed")
            continue
        want = expected[name] if dtype in COMPLEX else expected[name].astype(_storage(dtype))
        got = _cooked(results[f"y{index}"], dtype).reshape(want.shape)
        passed, detail = compare(got, want, "int8" if dtype == "bool" else dtype)
        lines.append(f"{name} ({dtype}{sized}): {detail}")
        if not passed:
            failures.append(f"{label} {name} ({dtype}{sized}): {detail}")
    assert not failures, "; ".join(failures)
    return lines


def _storage(dtype: str):
    """The numpy type the kernel's bytes are read as (complex32: one uint32 per (real, imaginary) float16 pair)."""
    if dtype == "complex32":
        return np.uint32
    return np.int8 if dtype == "bool" else dsl_numpy.np_dtype(dtype)


def _raw(array, dtype: str):
    """The bytes the kernel reads: a complex32 as its float16 pairs."""
    if dtype != "complex32":
        return array
    pairs = np.stack([np.real(array), np.imag(array)], axis=-1).astype(np.float16)
    return np.ascontiguousarray(pairs).view(np.uint32).reshape(np.shape(array))


def _cooked(raw, dtype: str):
    if dtype != "complex32":
        return raw
    pairs = np.ascontiguousarray(raw).view(np.float16).reshape(-1, 2).astype(np.float32)
    return dsl_numpy.pairs(pairs[:, 0], pairs[:, 1])
