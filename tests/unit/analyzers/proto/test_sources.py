"""Capability sources of an install: SoCs from the op-info folders, AI CPU configs by engine, prototypes indexed once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from op_migrate.analyzers.proto.aicpu import read_aicpu_config
from op_migrate.analyzers.proto.sources import CapabilitySources, UnknownSoc, select_socs

INSTALL = Path(__file__).resolve().parents[3] / "functional" / "tbe" / "install"


def test_socs_opinfo_aicpu_and_prototypes_of_an_install() -> None:
    sources = CapabilitySources([INSTALL])
    assert sources.socs == ["ascend310", "ascend910b", "sd3403"]
    assert sorted(sources.aicore("Gcd")) == ["ascend310", "ascend910b"]
    assert [k.library for k in sources.aicpu("ReduceAll")] == ["AICPUKernel", "TFKernel"]
    # host_cpu_kernel.json declares Gcd for the host CPU engine: that is not AI CPU.
    assert sources.aicpu("Gcd") == []
    assert [(p.name, p.dtypes) for p in sources.proto("Gcd").params] == [("x1", ("int16", "int32", "int64"))] * 1 + [
        ("x2", ("int16", "int32", "int64")), ("y", ("int16", "int32", "int64"))]
    assert sources.proto("InAComment") is None
    assert sources.problems == []


def test_a_broken_config_is_a_problem_not_a_crash(tmp_path: Path) -> None:
    config = tmp_path / "opp/built-in/op_impl/ai_core/tbe/config/ascend910b"
    config.mkdir(parents=True)
    (config / "aic-ascend910b-ops-info.json").write_text("{not json", encoding="utf-8")
    sources = CapabilitySources([tmp_path])
    assert sources.aicore("FloorMod") == {}
    assert [p.path.endswith("aic-ascend910b-ops-info.json") for p in sources.problems] == [True]


def test_aicpu_ports_keep_their_role_and_position() -> None:
    text = json.dumps({"Op": {"opInfo": {"engine": "DNN_VM_AICPU", "opKernelLib": "CUSTAICPUKernel"},
                              "input1": {"name": "b", "type": "DT_FLOAT"}, "input0": {"name": "a", "type": "DT_DOUBLE,DT_BF16"},
                              "dynamic_output0": {"name": "y", "type": "DT_INT32"}}})
    (kernel,) = read_aicpu_config(text, "op.json").values()
    assert [(p.index, p.name, p.dtypes) for p in kernel.params] == [
        ("input0", "a", ("float64", "bfloat16")), ("input1", "b", ("float32",)), ("output0", "y", ("int32",))]


def test_soc_names_are_matched_in_any_case_and_unknown_ones_refused() -> None:
    assert select_socs(("Ascend910B", "ascend910b", "SD3403"), ["ascend910b", "sd3403"]) == ["ascend910b", "sd3403"]
    with pytest.raises(UnknownSoc, match=r"unknown SoC 'Ascend950' \(known: ascend910b, sd3403\)"):
        select_socs(("Ascend950",), ["ascend910b", "sd3403"])


def test_the_fingerprint_follows_every_source_file(tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "install"
    shutil.copytree(INSTALL, root)
    first = CapabilitySources([root]).fingerprint()
    assert CapabilitySources([root]).fingerprint() == first
    for changed in ("opp/built-in/op_impl/aicpu/tf_kernel/config/tf_kernel.json",
                    "opp/built-in/op_impl/ai_core/tbe/config/sd3403/aic-sd3403-ops-info.json",
                    "opp/built-in/op_proto/inc/fixture_ops.h",
                    "aarch64-linux/include/graph/types.h"):
        path = root / changed
        before = CapabilitySources([root]).fingerprint()
        path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        if changed.endswith("types.h"):
            # types.h counts by the sets it defines, so a blank line changes nothing and a new set does.
            assert CapabilitySources([root]).fingerprint() == before
            path.write_text(path.read_text(encoding="utf-8") + "static TensorType NewSet() { return TensorType{DT_INT8}; }\n",
                            encoding="utf-8")
        assert CapabilitySources([root]).fingerprint() != before, changed


def test_an_op_type_the_install_spells_otherwise_is_found_by_opfile_or_by_case(tmp_path: Path) -> None:
    config = tmp_path / "opp/built-in/op_impl/ai_core/tbe/config/ascend910b"
    config.mkdir(parents=True)
    entries = {
        "Conv2D": {"input0": {"name": "x", "dtype": "float16"}},
        "ResizeAA": {"opFile": {"value": "resize_a_a"}, "input0": {"name": "x", "dtype": "float16"}},
        "Pad": {}, "PAD": {},
    }
    (config / "aic-ascend910b-ops-info.json").write_text(json.dumps(entries), encoding="utf-8")
    sources = CapabilitySources([tmp_path])
    assert sources.canonical_op_type("Conv2d", "conv2d") == ("Conv2D", "the install spells it so")
    assert sources.canonical_op_type("ResizeAA2", "resize_a_a") == ("ResizeAA", "the op-info names resize_a_a.py for it (opFile)")
    assert sources.canonical_op_type("Conv2D", "conv2d") is None  # already known
    assert sources.canonical_op_type("Pad2", "pad2") is None
    assert sources.canonical_op_type("Pad", "pad") is None  # known as it is
    assert sources.canonical_op_type("PaD", "pad") is None  # two spellings: not guessed
