"""The TBE framework as the trace sees it: tvm, para_check, shape_util, tbe_platform, classify, error reporters.

Each model answers what the framework answers for a dynamic-shape elementwise build on the chosen SoC; a call
it does not model returns an Unknown (and the trace stops only if that value decides something or meets a tensor).
"""

from __future__ import annotations

import math

from astroid import nodes

from op_migrate.analyzers.scaffold.platform import Platform, PlatformError
from op_migrate.analyzers.scaffold.pybuiltins import Builtin
from op_migrate.analyzers.scaffold.runtime import UserFunction
from op_migrate.analyzers.scaffold.scalars import BYTES, held
from op_migrate.analyzers.scaffold.values import (
    AttrValue,
    BuildConfig,
    ClassifyResult,
    FrameworkRef,
    Opaque,
    Refused,
    Scalar,
    ShapeValue,
    TensorScalar,
    TensorValue,
    TilingVar,
    Unknown,
    as_scalar_expr,
    attr_names,
    has_numel,
    scalar_text,
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


def _empty_check(exprs: list) -> bool:
    """isclose(count, 0) of an element count times constants (no attribute): true only for an empty tensor."""
    if None in exprs or not any(has_numel(e) for e in exprs):
        return False
    count, zero = exprs if has_numel(exprs[0]) else exprs[::-1]
    return zero == ("const", 0) and not attr_names(count) and _product(count)


def _product(expr) -> bool:
    if expr[0] in ("numel", "const"):
        return expr[0] == "numel" or expr[1] != 0
    return expr[0] == "mul" and _product(expr[1]) and _product(expr[2])


def _reads_port(expr, name: str) -> bool:
    return expr[0] == "dim" and f"port:{name}" in expr[1].split(",")


def _refs_of(shape) -> tuple:
    return shape.refs if isinstance(shape, ShapeValue) else ()


def _tail(path: str) -> str:
    return path.rsplit(".", 1)[-1]


def _short(path: str) -> str:
    """The framework path without the module it was imported through: `impl.util.platform_adapter.tvm.const` ->
    `tvm.const`, `te.platform.cce_conf.api_check_support` -> `cce_conf.api_check_support`."""
    for prefix in (PLATFORM_ADAPTER + ".", "tbe.common.utils.", "tbe.common.", "te.", "tbe."):
        if path.startswith(prefix):
            return path[len(prefix):]
    return path


class Framework:
    """Answers attribute reads and calls on FrameworkRef values."""

    def __init__(self, platform: Platform, tracer, static: bool = False) -> None:
        self.platform = platform
        self.tracer = tracer
        # The static path: shapes are known numbers (the host's, per call), as in a TBE build of known shapes; taken
        # when the dynamic path leaves a scalar to the C++ op tiling (tbe.var).
        self.static = static
        # Leading 1s were put in front of port shapes without being followed (branches.pads_unit_dims): TBE's rank
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

    # ---------------------------------------------------------------- math
    def _math(self, interp, name, args, node, kwargs=None):
        attrs = [a for a in args if isinstance(a, AttrValue)]
        if name == "isclose" and len(args) == 2 and len(attrs) == 1:
            # rel_tol / abs_tol of the call are kept out of the predicate: the host compares the float32 values
            other = args[1] if args[0] is attrs[0] else args[0]
            if isinstance(other, (int, float)):
                return interp.attr_branch("isclose", attrs[0], other, node)
        if name == "isclose" and len(args) == 2 and any(isinstance(a, (AttrValue, Scalar)) for a in args):
            exprs = [as_scalar_expr(a) for a in args]
            if _empty_check(exprs):
                interp.notes.append((f"decided False: {node.as_string()[:100]} (an element count is 0 only for an "
                                     f"empty tensor, where the kernel writes nothing)", node.lineno,
                                     interp.current_path))
                return False
            tolerances = {k: (kwargs or {}).get(k, d) for k, d in (("rel_tol", 1e-9), ("abs_tol", 0.0))}
            if None not in exprs and all(isinstance(t, (int, float)) for t in tolerances.values()):
                if exprs[1][0] == "const":
                    return interp.expr_branch("isclose", exprs[0], exprs[1][1], node, **tolerances)
                if exprs[0][0] == "const":
                    return interp.expr_branch("isclose", exprs[1], exprs[0][1], node, **tolerances)
                return interp.expr_branch("isclose", exprs[0], exprs[1], node, **tolerances)
        if any(isinstance(a, (AttrValue, Scalar)) for a in args):
            exprs = [as_scalar_expr(a) for a in args]
            if name in ("log", "exp", "sqrt", "fabs", "floor") and len(exprs) == 1 and exprs[0] is not None:
                return Scalar(({"fabs": "abs"}.get(name, name), exprs[0]), None)
            if name == "pow" and len(exprs) == 2 and None not in exprs:
                return Scalar(("pow", exprs[0], exprs[1]), None)
            raise interp.untranslatable(f"math.{name} of an attribute the scaffold does not compute", node)
        function = getattr(math, name, None)
        if function is None or not all(isinstance(a, (int, float)) for a in args):
            return Unknown(f"math.{name}", getattr(node, "lineno", None))
        try:
            return function(*args)
        except (ValueError, OverflowError) as error:
            return Unknown(f"math.{name} fails: {error}")

    # ---------------------------------------------------------------- tvm
    def _tvm_const(self, interp, args, kwargs, node):
        value = args[0] if args else kwargs.get("value")
        dtype = args[1] if len(args) > 1 else kwargs.get("dtype")
        if dtype is None:
            dtype = "int32" if isinstance(value, int) and not isinstance(value, bool) else "float32"
        if not isinstance(dtype, str):
            raise interp.untranslatable("tvm.const with a dtype the scaffold does not know", node)
        expr = as_scalar_expr(value)
        if expr is None:
            raise interp.untranslatable(f"tvm.const of {interp.describe(value)}", node, construct=node.as_string()[:120])
        if expr[0] == "cast" and expr[1] == dtype:
            return Scalar(expr, dtype)
        if expr[0] == "const" and dtype in BYTES and dtype not in ("bool", "float64"):
            return Scalar(("const", held(expr[1], dtype)), dtype)
        return Scalar(("cast", dtype, expr), dtype)  # the value held in dtype, whatever uses it later

    def _tvm_placeholder(self, interp, args, kwargs, node):
        dtype = args[1] if len(args) > 1 else kwargs.get("dtype", "float32")
        name = args[2] if len(args) > 2 else kwargs.get("name", "placeholder")
        if not isinstance(dtype, str):
            raise interp.untranslatable(f"a placeholder of dtype {interp.describe(dtype)}", node)
        shape = args[0] if args else kwargs.get("shape")
        tensor = self.tracer.new_input(dtype, name if isinstance(name, str) else "placeholder", node.lineno,
                                       interp.current_path)
        if isinstance(shape, ShapeValue) and shape.origin.startswith("input "):
            self.tracer.classified.add(tensor.ref)  # a shape shape_util.variable_shape gave (classify's)
        return tensor

    def _tvm_compute(self, interp, args, kwargs, node):
        found = indexed_lambda(node)
        if found is None or not isinstance(args[1] if len(args) > 1 else None, UserFunction):
            raise interp.untranslatable("a raw tvm.compute lambda (index expressions, not DSL calls)", node,
                                        construct=node.as_string()[:120])
        name, op, other, tensor_left, shaped_like = found
        tensor = interp.lookup(name, args[1].closure, node)
        scalar = interp.eval(other, args[1].closure)
        if not (isinstance(tensor, TensorValue) and isinstance(scalar, TensorScalar)):
            raise interp.untranslatable(f"a raw tvm.compute lambda over {interp.describe(tensor)} and "
                                        f"{interp.describe(scalar)} (only a tensor with t[0] is translated)", node,
                                        construct=node.as_string()[:120])
        if shaped_like != name and not self._same_shape(interp.lookup(shaped_like, args[1].closure, node), tensor):
            raise interp.untranslatable(f"a raw tvm.compute over {shaped_like}.shape reading {name}, whose shapes the "
                                        "scaffold does not know to be equal", node, construct=node.as_string()[:120])
        return interp.dsl.indexed_arithmetic(interp, op, tensor, scalar, tensor_left, node)

    def _same_shape(self, one, other) -> bool:
        """Whether two chain tensors have one shape: in the ELEWISE pattern (no broadcast) every input classify
        shaped has the one shape classify checked, and the DSL's elementwise calls keep it (they take operands of
        equal shapes), so any tensor computed from such an input has it; a one-element placeholder does not."""
        if self.tracer.classify_mode not in ("elewise", "ELEWISE") or not all(isinstance(t, TensorValue) for t in (one, other)):
            return False
        return all(self._reaches_classified(t) for t in (one, other))

    def _reaches_classified(self, tensor: TensorValue) -> bool:
        pending, seen = list(tensor.shape_refs or (tensor.ref,)), set()
        while pending:
            ref = pending.pop()
            if ref in self.tracer.classified:
                return True
            if ref not in seen:
                seen.add(ref)
                pending.extend(self.tracer.shape_sources.get(ref, ()))
        return False

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

    # ---------------------------------------------------------------- shape_util
    def _variable_shape(self, interp, args, kwargs, node):
        inputs = args[0] if args else kwargs.get("inputs", [])
        if not isinstance(inputs, (list, tuple)):
            return Unknown("variable_shape of a non-list")
        shapes = []
        for i, item in enumerate(inputs):
            if self.static and isinstance(item, dict) and isinstance(item.get("shape"), (list, tuple)):
                shapes.append(self._rewritten_shape(interp, item, node))
            else:
                shapes.append(ShapeValue(f"input {i}", _refs_of(item.get("shape")) if isinstance(item, dict) else ()))
        return shapes

    def _rewritten_shape(self, interp, item: dict, node) -> ShapeValue:
        """The static path rewrote an input's shape from known dims (a [C] vector read as [1, C, 1, 1] by data
        format): TBE reads the caller's data in that shape, so the host hands the kernel that shape (an override of
        numbers and other ports' dims). Anything else it cannot state stops the trace."""
        name = item.get("param_name", "?")
        exprs = []
        for value in item["shape"]:
            expr = as_scalar_expr(value)
            plain = expr is not None and (expr[0] == "dim" or expr[0] == "const" and isinstance(expr[1], int))
            if not plain or _reads_port(expr, name):
                raise interp.untranslatable(f"the shape of input {name} is rewritten before classify to "
                                            f"{interp.describe(value) if expr is None else scalar_text(expr)}, which "
                                            "the host cannot state from the other inputs' dims", node,
                                            construct="shape_util.variable_shape")
            exprs.append(expr)
        self.tracer.shape_overrides[name] = tuple(exprs)
        interp.notes.append((f"input {name} is read in the shape [{', '.join(scalar_text(e) for e in exprs)}] the "
                             "static path gives it (the host computes it per call; the caller's element count must "
                             "match)", getattr(node, "lineno", None), interp.current_path))
        return ShapeValue(f"input {name} rewritten", (f"port:{name}",))

    def _broadcast_shapes(self, interp, args, kwargs, node):
        lhs, rhs = _refs_of(args[0] if args else None), _refs_of(args[1] if len(args) > 1 else None)
        return (ShapeValue("broadcast lhs", lhs), ShapeValue("broadcast rhs", rhs),
                ShapeValue("broadcast", lhs + rhs if lhs and rhs else ()))

    def _unify_broadcast_shapes(self, interp, args, kwargs, node):
        # A static build pads each shape with leading 1s (its element count is unchanged); the last is the broadcast.
        shapes = args[0] if args else []
        count = len(shapes) if isinstance(shapes, (list, tuple)) else 2
        refs = [_refs_of(shape) for shape in shapes] if isinstance(shapes, (list, tuple)) else [()] * count
        every = tuple(ref for group in refs for ref in group) if all(refs) else ()
        return tuple([ShapeValue(f"broadcast input {i}", refs[i]) for i in range(count)]
                     + [ShapeValue("broadcast", every)])

    def _refine_shapes_for_broadcast(self, interp, args, kwargs, node):
        return (ShapeValue("refined lhs"), ShapeValue("refined rhs"))

    def _shape_to_list(self, interp, args, kwargs, node):
        value = args[0] if args else None
        if isinstance(value, ShapeValue):
            return value
        return list(value) if isinstance(value, (list, tuple)) else ShapeValue("shape_to_list")

    def _scalar2tensor_one(self, interp, args, kwargs, node):
        return args[0] if args else ShapeValue("scalar2tensor_one")

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
        answer = answer_of(what, dtype)
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

    # ---------------------------------------------------------------- classify, build, context
    def _classify(self, interp, args, kwargs, node):
        inputs = args[0] if args else kwargs.get("ins", [])
        mode = args[1] if len(args) > 1 else kwargs.get("mode", "")
        if not isinstance(inputs, (list, tuple)):
            raise interp.untranslatable("classify of inputs the scaffold does not know", node)
        case = [dict(item) if isinstance(item, dict) else item for item in inputs]
        self._check_classified(interp, case, node)
        self.tracer.classify_mode = mode if isinstance(mode, str) else str(mode)
        return ClassifyResult(cases=[case], mode=self.tracer.classify_mode)

    def _check_classified(self, interp, case: list, node) -> None:
        """The kernel reads each input in the caller's shape: a port dict reaching classify with its shape replaced
        by something the trace does not follow (another port's, an unknown value) or passed twice (one input read in
        another's shape) would be read otherwise by TBE; a list of numbers is the static path's rewrite, which
        variable_shape states."""
        seen = set()
        for item in case:
            name = item.get("param_name") if isinstance(item, dict) else None
            if name is None:
                continue
            shape = item.get("shape")
            if name in seen:
                raise interp.untranslatable(f"the dict of input {name} is classified twice (another input read in "
                                            "its shape)", node, construct="classify")
            seen.add(name)
            own = isinstance(shape, ShapeValue) and shape.refs == (f"port:{name}",)
            if not (own or isinstance(shape, (list, tuple))):
                raise interp.untranslatable(f"the shape of input {name} is replaced before classify by "
                                            f"{interp.describe(shape)}, which the scaffold does not follow", node,
                                            construct="classify")

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


def indexed_lambda(node) -> tuple | None:
    """(t, op, other side, t on the left, u) of `tvm.compute(u.shape, lambda *i: t(*i) op other)` where the other
    side does not read the indices, else None."""
    if not (isinstance(node, nodes.Call) and len(node.args) >= 2 and isinstance(node.args[1], nodes.Lambda)):
        return None
    shape, function = node.args[0], node.args[1]
    indices = function.args.vararg
    if not indices or function.args.args or not isinstance(function.body, nodes.BinOp):
        return None
    body = function.body
    for element, other, left in ((body.left, body.right, True), (body.right, body.left, False)):
        if isinstance(element, nodes.Call) and isinstance(element.func, nodes.Name) and not element.keywords \
                and len(element.args) == 1 and isinstance(element.args[0], nodes.Starred) \
                and element.args[0].value.as_string() == indices \
                and not any(n.name == indices for n in other.nodes_of_class(nodes.Name)) \
                and isinstance(shape, nodes.Attribute) and shape.attrname == "shape" \
                and isinstance(shape.expr, nodes.Name):
            return element.func.name, body.op, other, left, shape.expr.name
    return None


def attr_value(name: str, default, attr_type: str | None) -> AttrValue:
    """The runtime value of an entry attribute."""
    return AttrValue(name=name, default=default, attr_type=attr_type)
