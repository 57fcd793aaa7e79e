"""Op-info readers: the .ini grammar and the .json form give the same OpInfo."""

from __future__ import annotations

import json

import pytest

from op_migrate.analyzers.proto.opinfo import OpInfoError, read_ini, read_json, soc_of

INI = """[Other]
input0.name=a

[FloorMod]
input0.name=x1
input0.dtype=float16,float,int32
input0.paramType=required
input0.unknownshape_format=ND,ND,ND
input1.name=x2
input1.dtype=float16,float,int32
input1.paramType=required
input1.unknownshape_format=ND,ND,ND
output0.name=y
output0.dtype=float16,float,int32
output0.unknownshape_format=ND,ND,ND
needCheckSupport.flag=true
op.pattern=broadcast
"""

JSON = {
    "FloorMod": {
        "input0": {"name": "x1", "dtype": "float16,float,int32", "paramType": "required", "format": "ND,ND,ND"},
        "input1": {"name": "x2", "dtype": "float16,float,int32", "paramType": "required", "format": "ND,ND,ND"},
        "output0": {"name": "y", "dtype": "float16,float,int32", "format": "ND,ND,ND"},
        "needCheckSupport": {"flag": "true"},
        "op": {"pattern": "broadcast"},
    }
}


def test_ini_and_json_agree() -> None:
    ini = read_ini(INI, "cfg/ascend910/aic-ascend910-ops-info.ini", "FloorMod")
    from_json = read_json(json.dumps(JSON), "cfg/ascend910/aic-ascend910-ops-info.json", "FloorMod")
    assert ini.soc == from_json.soc == "ascend910"
    assert [(p.index, p.name, p.dtypes, p.formats) for p in ini.params] == [
        (p.index, p.name, p.dtypes, p.formats) for p in from_json.params
    ]
    assert ini.params[0].dtypes == ("float16", "float32", "int32")
    assert ini.flags["needCheckSupport.flag"] == from_json.flags["needCheckSupport.flag"] == "true"


def test_absent_op_and_broken_files() -> None:
    assert read_ini(INI, "aic-x-ops-info.ini", "Missing") is None
    with pytest.raises(OpInfoError):
        read_json("{not json", "aic-x-ops-info.json", "FloorMod")
    with pytest.raises(OpInfoError):
        read_ini("input0.name=x1\n", "aic-x-ops-info.ini", "FloorMod")


def test_soc_from_file_name() -> None:
    assert soc_of("/opp/config/ascend910b/aic-ascend910b-ops-info-legacy.json") == "ascend910b"
    assert soc_of("/elsewhere/ops.json") == "unknown"


def test_a_null_format_column_takes_its_unknownshape_format() -> None:
    # BNInfer / BNInferGrad: `format` says NULL for the NCHW / NHWC columns, which exist for dynamic shapes only
    entry = {"input0": {"name": "x", "dtype": "float16,float16,float", "paramType": "required",
                        "format": "NC1HWC0,NULL,NULL", "unknownshape_format": "NC1HWC0,NCHW,NHWC"},
             "output0": {"name": "y", "dtype": "float16,float16,float", "format": "NC1HWC0,NULL,NULL",
                         "unknownshape_format": "NC1HWC0,NCHW,NHWC"}}
    info = read_json(json.dumps({"BNInfer": entry}), "cfg/ascend910b/aic-ascend910b-ops-info.json", "BNInfer")
    assert [p.formats for p in info.params] == [("NC1HWC0", "NCHW", "NHWC")] * 2
