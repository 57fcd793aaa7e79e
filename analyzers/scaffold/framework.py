"""The TBE framework as the trace sees it: para_check, tbe_platform, build and context, error reporters, helpers of
impl.util; tvm and math in framework_compute, shape_util and classify in framework_shapes.

Each model answers what the framework answers for a dynamic-shape elementwise build on the chosen SoC; a call
it does not model returns an Unknown (and the trace stops only if that value decides something or meets a tensor).
"""

from __future__ import annotations

import math

from astroid import nodes

from op_migrate.analyzers.scaffold.framework_compute import ComputeModels
from op_migrate.analyzers.scaffold.framework_shapes import ShapeModels
from op_migrate.analyzers.scaffold.platform import Platform, PlatformError
from op_migrate.analyzers.scaffold.pybuiltins import Builtin
from op_migrate.analyzers.scaffold.values import (
    AttrValue,
    BuildConfig,
    FrameworkRef,
    Opaque,
    Refused,
    Scalar,
    TensorValue,
    TilingVar,
    Unknown,
)

PLATFORM_ADAPTER = "impl.util.platform_adapter"
# Helpers of impl.util the trace answers itself: the shape facts they test are those of any dynamic build.
HELPER_ANSWERS = {
    "impl.util.util_compute.check_batchmatmul_fuse": False,  # UB-fusion checks: a standalone operator fuses nothing
    "impl.util.util_compute.check_fc_fuse": False,
    "impl.util.platform_adapter.get_current_build_config": False,  # enable_op_prebuild and friends: a plain build
    "impl.util.util_common.is_unknown_rank_input": False,
    "impl.util.util_common.is_unknown": True,
    "impl.util.util_common.is_dynamic_input": True,
    "impl.util.platform_adapter.in_record": False,
    # the (min, max) range of each dim, a hint for the dynamic build's tiling: nothing the compute reads
    "impl.util.util_common.gen_range": lambda args, kwargs: Unknown("the range of a shape (a build hint)"),
    # op_select_format's helpers, answered for the ND format the scaffold targets (every tensor: ND only).
    "impl.util.util_tensor_dict.TensorClass": lambda args, kwargs: Opaque("TensorClass"),
    "impl.util.util_tensor_dict.get_format_for_broardcast": lambda args, kwargs: [["ND"]] * (len(args[0]) + 1),
    "impl.util.util_tensor_dict.get_format_for_elewise": lambda args, kwargs: [["ND"]] * len(args[0]),
    "impl.util.util_select_op_base.gen_param": lambda args, kwargs: {
        **dict(zip(("classify", "name", "datatype", "format", "unknownshape_format"), args)), **kwargs},
    "impl.util.util_select_op_base.get_dynamic_param_in_json": lambda args, kwargs: {"selected": list(args[0])},
}
# What the helpers answer on the static path (shapes known).
STATIC_ANSWERS = {"impl.util.util_common.is_unknown": False}
_PARA_CHECK_DTYPE = ("check_dtype", "check_dtype_rule")
_NO_RESULT = ("check_shape", "check_kernel_name", "check_elewise_shape_range", "check_format", "check_shape_rule",
              "check_shape_size", "check_op_params", "check_input_type", "check_tensor_shape_size",
              "check_dynamic_shape", "add_compile_info", "add_compile_info_inner", "set_fusion_buildcfg")


def _tail(path: str) -> str:
    return path.rsplit(".", 1)[-1]


def _short(path: str) -> str:
    """The framework path without the module it was imported through: `impl.util.platform_adapter.tvm.const` ->
    `tvm.const`, `te.platform.cce_conf.api_check_support` -> `cce_conf.api_check_support`."""
    for prefix in (PLATFORM_ADAPTER + ".", "tbe.common.utils.", "tbe.common.", "te.", "tbe."):
        if path.startswith(prefix):
            return path[len(prefix):]
    return path


class Framework(ComputeModels, ShapeModels):
    """Answers attribute reads and calls on FrameworkRef values."""

    def __init__(self, platform: Platform, tracer, static: bool = False) -> None:
        self.platform = platform
        self.tracer = tracer
        # The static path: shapes are known numbers (the host's, per call), as in a TBE build of known shapes; taken
        # when the dynamic path leaves a scalar to the C++ op tiling (tbe.var).
        self.static = static
        # Leading 1s were put in front of port shapes without being followed (shape_idioms.pads_unit_dims): TBE's rank
        # of those shapes is no longer the caller's, so len() of a port shape stays unknown from then on.
        self.padded = False

    def attribute(self, interp, path: str, name: str, node):
        full = f"{path}.{name}"
        if path == "math" and isinstance(getattr(math, name, None), float):
            return getattr(math, name)
        if full in HELPER_ANSWERS:
            return FrameworkRef(full)
        if path == PLATFORM_ADAPTER or path.startswith(PLATFORM_ADAPTER + "."):
            adapter = interp.loader.module(PLATFORM_ADAPTER)
            if adapter is not None and path == PLATFORM_ADAPTER and name in adapter.classes:
                return interp.module_attr(adapter, name, node)
        if name.isupper() or name[:1].isupper() and "_" in name and name.upper() == name:
            if name in self.platform.constants:
                return self.platform.constants[name]
            if name in ("REQUIRED_INPUT", "REQUIRED_OUTPUT", "OPTION_INPUT", "OPTION_OUTPUT", "KERNEL_NAME",
                        "DYNAMIC_INPUT", "DYNAMIC_OUTPUT") or name.startswith(("REQUIRED_ATTR", "OPTION_ATTR")):
                return name
        short = _short(path)
        if short.endswith("OpPatternMode"):
            return {"ELEWISE": "elewise", "ELEWISE_WITH_BROADCAST": "broadcast"}.get(name, name.lower())
        if short.endswith(("OpImplMode", "OpTbeImplMode")):
            return name.lower().replace("tbe_", "")
        return FrameworkRef(full)

    def call(self, interp, path: str, args: list, kwargs: dict, node):
        if path in STATIC_ANSWERS and self.static:
            return STATIC_ANSWERS[path]
        if path in HELPER_ANSWERS:
            answer = HELPER_ANSWERS[path]
            return answer(args, kwargs) if callable(answer) else answer
        short = _short(path)
        tail = _tail(short)
        line = getattr(node, "lineno", None)
        if path.startswith("math."):
            return self._math(interp, tail, args, node, kwargs)
        if path.startswith("itertools.") and tail in ("product", "chain") and all(isinstance(a, (list, tuple))
                                                                                 for a in args):
            import itertools

            return [tuple(item) if tail == "product" else item for item in getattr(itertools, tail)(*args)]
        if path.startswith("itertools.") and tail in ("permutations", "combinations") and args \
                and isinstance(args[0], (list, tuple, str)) and all(isinstance(a, int) for a in args[1:]) \
                and not kwargs:
            import itertools  # util_common.get_fused_format_str: the orders of a few format letters

            return list(getattr(itertools, tail)(*args))
        if path == "collections.namedtuple" and len(args) >= 2 and isinstance(args[0], str) \
                and isinstance(args[1], (str, list, tuple)) and all(isinstance(f, str) for f in args[1]):
            import collections

            kind = collections.namedtuple(args[0], args[1])
            return Builtin(args[0], lambda interp, args, kwargs, node: kind(*args, **kwargs))
        if path in ("copy.copy", "copy.deepcopy") and args:
            import copy

            return copy.deepcopy(args[0]) if tail == "deepcopy" else copy.copy(args[0])
        handler = getattr(self, "_" + short.replace(".", "_"), None) or getattr(self, "_" + tail, None)
        if handler is not None:
            return handler(interp, args, kwargs, node)
        if "raise" in tail or tail.startswith("raise_err"):
            raise Refused(f"{short} at line {line}", line, interp.current_path)
        if tail in _PARA_CHECK_DTYPE and "para_check" in path:
            return self._check_dtype(interp, args, kwargs, node)
        if tail in _NO_RESULT:
            return None
        if any(isinstance(a, TensorValue) for a in [*args, *kwargs.values()]):
            raise interp.untranslatable(f"the framework call {short} receives a tensor; the scaffold does not model it",
                                        node, construct=node.as_string()[:120])
        return Unknown(f"the result of {short}", line)

    # ---------------------------------------------------------------- register_operator_compute(support_bfp16=True)
    @staticmethod
    def wraps(function) -> bool:
        """The compute is registered with support_bfp16: the framework casts bfloat16 around it."""
        for decorator in getattr(function, "decorators", None).nodes if getattr(function, "decorators", None) else ():
            if isinstance(decorator, nodes.Call) and decorator.func.as_string().endswith(
                    ("register_operator_compute", "register_op_compute")):
                if any(k.arg == "support_bfp16" for k in decorator.keywords or ()):
                    return True
        return False

    def run_wrapped(self, interp, fn, args: list, kwargs: dict, node):
        """tbe/common/register/operation_func_mgr.py register_op_compute: bfloat16 tensor (and dict) arguments become
        float32 before the compute when the SoC has no bfloat16 vadd; results whose output dict says bfloat16 are
        rounded back (tbe.round(x, "bfloat16"), from float16 through float32)."""
        from op_migrate.analyzers.scaffold.values import DslRef

        def need_cast(value) -> bool:
            return (isinstance(value, TensorValue) and value.dtype == "bfloat16"
                    and not self.platform.api_check_support("tbe.dsl.vadd", "bfloat16")
                    and self.platform.intrinsic_check_support("Intrinsic_vconv", "bf162f32"))

        def cast(value, dtype):
            return interp.dsl.call(interp, DslRef("cast_to", "tbe.dsl.cast_to"), [value, dtype], {}, fn.node)

        new_args = []
        for value in args:
            if need_cast(value):
                new_args.append(cast(value, "float32"))
            elif isinstance(value, list):
                new_args.append([cast(v, "float32") if need_cast(v) else v for v in value])
            elif isinstance(value, dict) and value.get("dtype") == "bfloat16":
                new_args.append({**value, "dtype": "float32"})
            else:
                new_args.append(value)
        result = interp.run_function(fn, new_args, kwargs, node)
        single = isinstance(result, TensorValue) or not isinstance(result, (list, tuple))
        results = [result] if single else list(result)
        out_dtypes = [a["dtype"] for a in args if isinstance(a, dict) and "dtype" in a]
        if len(results) != len(out_dtypes):
            return result
        fixed = []
        for value, dtype in zip(results, out_dtypes):
            if dtype == "bfloat16" and isinstance(value, TensorValue) and value.dtype != dtype:
                if value.dtype == "float16":
                    value = cast(value, "float32")
                if value.dtype == "float32":
                    value = interp.dsl.call(interp, DslRef("round", "tbe.dsl.round"), [value, "bfloat16"], {}, fn.node)
            fixed.append(value)
        return fixed[0] if single else type(result)(fixed)

    def _check_support_block_size_16(self, interp, args, kwargs, node):
        return str(self.platform.spec.get("ubblock_size", "32")) == "16"

    def _cce(self, interp, args, kwargs, node):
        return Opaque("tvm.target.cce()")

    # ---------------------------------------------------------------- para_check and errors
    def _check_dtype(self, interp, args, kwargs, node):
        dtype = args[0] if args else kwargs.get("dtype")
        allowed = args[1] if len(args) > 1 else kwargs.get("check_list")
        if dtype is None:  # para_check raises: "the input's dtype could not be none"
            raise Refused(f"para_check.check_dtype of None at line {node.lineno}", node.lineno, interp.current_path)
        if isinstance(dtype, str) and isinstance(allowed, (list, tuple)):
            if dtype.lower() not in [str(d).lower() for d in allowed]:
                raise Refused(f"para_check.check_dtype refuses {dtype} (accepts {', '.join(map(str, allowed))}) "
                              f"at line {node.lineno}", node.lineno, interp.current_path)
        return None

    def _compare_tensor_dict_key(self, interp, args, kwargs, node):
        if len(args) >= 3 and isinstance(args[0], dict) and isinstance(args[1], dict):
            first, second = args[0].get(args[2]), args[1].get(args[2])
            if isinstance(first, str) and isinstance(second, str) and first.lower() != second.lower():
                raise Refused(f"compare_tensor_dict_key({args[2]!r}) at line {node.lineno}", node.lineno,
                              interp.current_path)
        return None

    # ---------------------------------------------------------------- platform
    def _api_check_support(self, interp, args, kwargs, node):
        return self._support_query("api_check_support", self.platform.api_check_support, interp, args, kwargs, node)

    def _intrinsic_check_support(self, interp, args, kwargs, node):
        return self._support_query("intrinsic_check_support", self.platform.intrinsic_check_support, interp, args,
                                   kwargs, node)

    def _support_query(self, name: str, answer_of, interp, args, kwargs, node) -> bool:
        """The SoC's answer (from the install's tables), noted with its line for the report."""
        what = args[0] if args else kwargs.get("intrinsic")
        dtype = args[1] if len(args) > 1 else kwargs.get("dtype", "")
        if not isinstance(what, str) or not isinstance(dtype, str):
            raise interp.untranslatable(f"{name} with arguments the scaffold does not know", node)
        try:
            answer = answer_of(what, dtype)
        except PlatformError as error:
            return Unknown(str(error), node.lineno)  # undecided: a branch on it stops with this reason
        self.tracer.note_query(f"{name}({what!r}, {dtype!r}) = {answer}", node.lineno, interp.current_path)
        return answer

    def _get_soc_spec(self, interp, args, kwargs, node):
        key = args[0] if args else kwargs.get("key")
        if not isinstance(key, str):
            raise interp.untranslatable("get_soc_spec of a key the scaffold does not know", node)
        try:
            answer = self.platform.soc_spec(key)
        except PlatformError as error:
            return Unknown(str(error), node.lineno)
        self.tracer.note_query(f"get_soc_spec({key!r}) = {answer!r}", node.lineno, interp.current_path)
        return answer

    # ---------------------------------------------------------------- build, context
    def _get_context(self, interp, args, kwargs, node):
        return Opaque("context")

    def _register_operator(self, interp, args, kwargs, node):
        return Opaque("decorator")

    _register_operator_compute = _register_operator

    def _var(self, interp, args, kwargs, node):
        name = args[0] if args else kwargs.get("name")
        return TilingVar(f"tbe.var({name!r}), a scalar the C++ op tiling sets (not in the Python)",
                         getattr(node, "lineno", None), name=name if isinstance(name, str) else "")

    def _var_attr(self, interp, args, kwargs, node):
        name = args[0] if args else kwargs.get("name")
        dtype = kwargs.get("dtype", args[2] if len(args) > 2 else "float32")
        if not isinstance(name, str):
            raise interp.untranslatable("var_attr without a name", node)
        self.tracer.attrs_used.add(name)
        return Scalar(("attr", name), dtype if isinstance(dtype, str) else None)

    def _build(self, interp, args, kwargs, node):
        config = args[1] if len(args) > 1 else kwargs.get("config_map", {})
        lists = config.get("tensor_list") if isinstance(config, dict) else None
        if isinstance(lists, (list, tuple)):
            self.tracer.build = BuildConfig(tensor_lists=list(lists))
        return None

    def _auto_schedule(self, interp, args, kwargs, node):
        return Opaque("schedule")

    def _compute(self, interp, args, kwargs, node):
        return Opaque("tbe.compute()")


def attr_value(name: str, default, attr_type: str | None) -> AttrValue:
    """The runtime value of an entry attribute."""
    return AttrValue(name=name, default=default, attr_type=attr_type)
