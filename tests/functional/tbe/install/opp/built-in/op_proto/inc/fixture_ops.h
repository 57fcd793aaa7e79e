/**
* @brief Prototypes of the fixture operators. REG_OP(InAComment) is not a prototype.
*/
REG_OP(FloorMod)
    .INPUT(x1, TensorType({DT_INT32, DT_INT64, DT_FLOAT,
                           DT_FLOAT16, DT_DOUBLE, DT_BF16}))
    .INPUT(x2, TensorType({DT_INT32, DT_INT64, DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_BF16}))
    .OUTPUT(y, TensorType({DT_INT32, DT_INT64, DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_BF16}))
    .OP_END_FACTORY_REG(FloorMod)

REG_OP(Gcd)
    .INPUT(x1, "T")
    .INPUT(x2, "T")
    .OUTPUT(y, "T")
    .DATATYPE(T, TensorType({DT_INT16, DT_INT32, DT_INT64}))
    .OP_END_FACTORY_REG(Gcd)

REG_OP(ReduceAll)
    .INPUT(x, TensorType({DT_BOOL}))
    .INPUT(axes, TensorType::IndexNumberType())
    .OUTPUT(y, TensorType({DT_BOOL}))
    .ATTR(keep_dims, Bool, false)
    .OP_END_FACTORY_REG(ReduceAll)

REG_OP(ScaledAdd)
    .INPUT(x1, TensorType::NumberType())
    .INPUT(x2, TensorType::NumberType())
    .OUTPUT(y, TensorType::NumberType())
    .ATTR(alpha, Float, 1.0)
    .OP_END_FACTORY_REG(ScaledAdd)

REG_OP(IndexScale)
    .INPUT(var, TensorType::RealNumberType())
    .INPUT(indices, TensorType::IndexNumberType())
    .OUTPUT(var_out, TensorType::RealNumberType())
    .OP_END_FACTORY_REG(IndexScale)
