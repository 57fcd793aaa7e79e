"""REG_OP parsing: explicit type lists, named sets, attrs, comments, several ops per header."""

from __future__ import annotations

from op_migrate.analyzers.proto.regop import find_protos

HEADER = """
/**
* @brief Returns element-wise remainder of division. REG_OP(NotThis) in a comment is ignored.
*/
REG_OP(FloorMod)
    .INPUT(x1, TensorType({DT_INT32, DT_INT64, DT_FLOAT,   // trailing comment
                           DT_FLOAT16, DT_DOUBLE, DT_BF16}))
    .INPUT(x2, TensorType({DT_INT32, DT_INT64, DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_BF16}))
    .OUTPUT(y, TensorType({DT_INT32, DT_INT64, DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_BF16}))
    .OP_END_FACTORY_REG(FloorMod)

REG_OP(ReduceSumLike)
    .INPUT(x, TensorType::NumberType())
    .INPUT(axes, TensorType::IndexNumberType())
    .OUTPUT(y, TensorType::NumberType())
    .ATTR(keep_dims, Bool, false)
    .REQUIRED_ATTR(mode, String)
    .OP_END_FACTORY_REG(ReduceSumLike)
"""


def test_explicit_types_are_normalised() -> None:
    (proto,) = find_protos(HEADER, "ops.h", "FloorMod")
    assert proto.line == 5
    assert [(p.name, p.role) for p in proto.params] == [("x1", "input"), ("x2", "input"), ("y", "output")]
    assert proto.params[0].dtypes == ("int32", "int64", "float32", "float16", "float64", "bfloat16")


def test_named_sets_and_attrs() -> None:
    (proto,) = find_protos(HEADER, "ops.h", "ReduceSumLike")
    x, axes, _, keep, mode = proto.params
    assert (x.dtypes, x.type_set, axes.type_set) == ((), "NumberType", "IndexNumberType")
    assert (keep.role, keep.attr_type, keep.default) == ("attr", "Bool", "false")
    assert (mode.role, mode.attr_type, mode.default) == ("required_attr", "String", None)


def test_all_ops_of_a_header() -> None:
    assert [p.op_type for p in find_protos(HEADER, "ops.h")] == ["FloorMod", "ReduceSumLike"]
