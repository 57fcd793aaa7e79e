/* A fixture in the shape of graph/types.h: the named TensorType sets the prototypes use. */
namespace ge {
struct TensorType {
  static TensorType NumberType() {
    return TensorType{DT_DOUBLE, DT_FLOAT, DT_FLOAT16, DT_INT16, DT_INT32, DT_INT64, DT_INT8, DT_UINT8, DT_BF16};
  }

  static TensorType IndexNumberType() { return TensorType{DT_INT32, DT_INT64}; }
};
}  // namespace ge
