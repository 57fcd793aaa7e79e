/* Fixture REG_OP prototypes of the scaffold's test operators. */
REG_OP(ScaledDiff)
    .INPUT(x1, TensorType({DT_FLOAT16, DT_FLOAT, DT_INT32}))
    .INPUT(x2, TensorType({DT_FLOAT16, DT_FLOAT, DT_INT32}))
    .OUTPUT(y, TensorType({DT_FLOAT16, DT_FLOAT, DT_INT32}))
    .ATTR(alpha, Float, 1.0)
    .OP_END_FACTORY_REG(ScaledDiff)

REG_OP(ClampMod)
    .INPUT(x, TensorType({DT_FLOAT, DT_INT64}))
    .INPUT(y, TensorType({DT_FLOAT, DT_INT64}))
    .OUTPUT(z, TensorType({DT_FLOAT, DT_INT64}))
    .ATTR(clamp, Bool, true)
    .OP_END_FACTORY_REG(ClampMod)

REG_OP(RowSum)
    .INPUT(x, TensorType({DT_FLOAT}))
    .OUTPUT(y, TensorType({DT_FLOAT}))
    .OP_END_FACTORY_REG(RowSum)

REG_OP(SoftSign)
    .INPUT(x, TensorType({DT_FLOAT16, DT_FLOAT}))
    .OUTPUT(y, TensorType({DT_FLOAT16, DT_FLOAT}))
    .OP_END_FACTORY_REG(SoftSign)
