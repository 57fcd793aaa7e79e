"""The guard evaluator: three-valued results of the guards real op_api code writes, under Facts."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.cxx import parse_source
from op_migrate.analyzers.route.facts import facts_for
from op_migrate.analyzers.route.guards import GuardEvaluator, split_callee
from op_migrate.analyzers.route.model import ShapeRule
from op_migrate.analyzers.route.values import DtypeList, ScalarRef, ShapeValue, TensorRef


class Evaluator(GuardEvaluator):
    """Tensors self/other/out with dtypes and dims from the facts; a dtype list global."""

    def __init__(self, facts, env=None):
        super().__init__(facts)
        self.env = {"self": TensorRef("self"), "other": TensorRef("other"), "out": TensorRef("out"),
                    "prob": ScalarRef("prob"),
                    "AICPU_DTYPE_SUPPORT_LIST": DtypeList(frozenset({"float64"}))}
        self.env.update(env or {})

    def lookup(self, name):
        return self.env.get(name)

    def assign(self, name, value):
        self.env[name] = value

    def tensor_dtype(self, tensor_id):
        return self.facts.dtype_of(tensor_id)

    def tensor_shape(self, tensor_id):
        return ShapeValue(self.facts.shape_of(tensor_id), ShapeRule("param", (tensor_id,)))


def expression(text: str):
    unit = parse_source(f"bool Guard() {{ return {text}; }}".encode(), "guard.cpp")
    return unit.functions[0].body[0].value


def evaluate(text: str, soc=None, dtypes=(), shapes=(), scalars=()):
    facts = facts_for(soc, dtypes, shapes, scalars)
    return Evaluator(facts).truth(expression(text))


@pytest.mark.parametrize(
    ("text", "soc", "expected"),
    [
        ("GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910B", "Ascend910B", True),
        ("GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910B", "Ascend950", False),
        ("GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910B", None, None),
        ("GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910_95", "Ascend950", True),
        ("GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_2201", "Ascend910_93", True),
        ("GetCurrentPlatformInfo().GetCurNpuArch() != NpuArch::DAV_2201", "Ascend910", True),
        ("IsRegBase()", "Ascend950", True),
        ("IsRegBase()", "Ascend910B", False),
        ("IsRegBase()", None, None),
        ("!IsRegBase() && GetCurrentPlatformInfo().GetSocVersion() != SocVersion::ASCEND910", "Ascend310P", True),
    ],
)
def test_platform_guards(text, soc, expected) -> None:
    assert evaluate(text, soc=soc) is expected


@pytest.mark.parametrize(
    ("soc", "expected"),
    [("Ascend910", False), ("Ascend910B", True), ("Ascend910_93", True), ("Ascend950", False), (None, None)],
)
def test_soc_ranges_follow_the_enumerator_order(soc, expected) -> None:
    text = "socVersion >= SocVersion::ASCEND910B && socVersion <= SocVersion::ASCEND910_93"
    facts = facts_for(soc)
    evaluator = Evaluator(facts)
    evaluator.env["socVersion"] = evaluator.value(expression("GetCurrentPlatformInfo().GetSocVersion()"))
    assert evaluator.truth(expression(text)) is expected


@pytest.mark.parametrize(
    ("dtype", "expected"), [("float64", True), ("float16", False), (None, None)]
)
def test_check_type_against_a_list(dtype, expected) -> None:
    dtypes = (("*", dtype),) if dtype else ()
    assert evaluate("CheckType(self->GetDataType(), AICPU_DTYPE_SUPPORT_LIST)", dtypes=dtypes) is expected


def test_dtype_equality_with_named_parameters() -> None:
    dtypes = (("self", "float16"), ("out", "float32"))
    assert evaluate("self->GetDataType() != out->GetDataType()", dtypes=dtypes) is True
    assert evaluate("self->GetDataType() == op::DataType::DT_FLOAT16", dtypes=dtypes) is True
    assert evaluate("other->GetDataType() == op::DataType::DT_FLOAT16", dtypes=dtypes) is None


def test_shapes_decide_empty_and_rank_guards() -> None:
    shapes = (("self", (1024, 1, 64)), ("other", (1, 4096, 64)), ("out", (1024, 4096, 64)))
    assert evaluate("self->IsEmpty() || other->IsEmpty()", shapes=shapes) is False
    assert evaluate("self->IsEmpty()", shapes=(("self", (0, 3)),)) is True
    assert evaluate("self->IsEmpty()") is None
    assert evaluate("self->GetViewShape() != out->GetViewShape()", shapes=shapes) is True
    assert evaluate("out->GetViewShape() == out->GetViewShape()", shapes=shapes) is True
    assert evaluate("self->GetViewShape().GetDimNum() == 0", shapes=shapes) is False
    assert evaluate("self->GetViewShape().GetDimNum() == 0", shapes=(("self", ()),)) is True
    assert evaluate("self->GetViewShape() != out->GetViewShape()", shapes=shapes[:1]) is None


@pytest.mark.parametrize(("prob", "expected"), [(0.0, True), (0.5, False), (None, None)])
def test_scalar_guards(prob, expected) -> None:
    scalars = (("prob", prob),) if prob is not None else ()
    assert evaluate("IsDoubleEqual(prob->ToDouble(), 0)", scalars=scalars) is expected


def test_error_handling_is_taken_as_succeeding() -> None:
    assert evaluate("self == nullptr") is False
    assert evaluate("self != nullptr") is True
    assert evaluate("ret != ACLNN_SUCCESS") is False
    assert evaluate("ret == ACLNN_SUCCESS") is True


def test_three_valued_logic_short_circuits() -> None:
    assert evaluate("IsRegBase() && false") is False
    assert evaluate("IsRegBase() || true") is True
    assert evaluate("!(IsRegBase())") is None
    assert evaluate("(1 + 2) * 3 == 9") is True


def test_broadcast_infer_shape_assigns_its_out_parameter() -> None:
    facts = facts_for(None, (), (("self", (4, 1)), ("other", (1, 5))))
    evaluator = Evaluator(facts)
    assert evaluator.truth(expression("BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), s)")) is True
    assert evaluator.env["s"].dims == (4, 5)
    assert evaluator.env["s"].rule == ShapeRule("broadcast", ("self", "other"))


def test_split_callee() -> None:
    assert split_callee("uniqueExecutor.get()->AllocTensor") == ("uniqueExecutor.get()", "AllocTensor")
    assert split_callee("GetCurrentPlatformInfo().GetSocVersion") == ("GetCurrentPlatformInfo()", "GetSocVersion")
    assert split_callee("l0op::Cast") == (None, "l0op::Cast")


@pytest.mark.parametrize(
    ("dtype", "include_bool", "expected"),
    [("int32", "true", True), ("bool", "true", True), ("bool", "false", False), ("float16", "true", False),
     (None, "true", None)],
)
def test_integral_type_with_its_include_bool_argument(dtype, include_bool, expected) -> None:
    dtypes = (("*", dtype),) if dtype else ()
    assert evaluate(f"IsIntegralType(self->GetDataType(), {include_bool})", dtypes=dtypes) is expected


def test_can_cast_follows_opbase_and_torch() -> None:
    from op_migrate.analyzers.route.values import can_cast
    assert can_cast("int32", "float32") and can_cast("complex128", "complex64") and can_cast("bool", "bool")
    assert not can_cast("float32", "int32") and not can_cast("complex64", "int32") and not can_cast("float32", "bool")
    assert can_cast("bool", "int8") and can_cast("float16", "float32") and not can_cast("int64", "bool")
