# Fixture helper module of the scaffold's tests, in the style of impl/util: a compute helper that receives tensors
# (the scaffold follows the import and inlines it).
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import tvm


def scaled_abs(data, alpha):
    """|data * alpha|, computed in float32 where the SoC multiplies float32"""
    dtype = data.dtype
    if dtype == "float16" and tbe_platform.api_check_support("tbe.dsl.vmuls", "float32"):
        data = tbe.cast_to(data, "float32")
    product = tbe.vmuls(data, tvm.const(alpha, data.dtype))
    result = tbe.vabs(product)
    if result.dtype != dtype:
        result = tbe.cast_to(result, dtype)
    return result
