// Self-test: calls A2 forbids at compile time; compiled with -fsyntax-only, every marked line must be rejected.
#include "kernel_operator.h"

using namespace AscendC;

template <typename T>
LocalTensor<T> Any()
{
    return LocalTensor<T>();
}

void Cases()
{
    Div(Any<int32_t>(), Any<int32_t>(), Any<int32_t>(), 64);                                   // case: div_int32
    Abs(Any<int16_t>(), Any<int16_t>(), 64);                                                     // case: abs_int16
    Add(Any<int8_t>(), Any<int8_t>(), Any<int8_t>(), 64);                                        // case: add_int8
    Mul(Any<int64_t>(), Any<int64_t>(), Any<int64_t>(), 64);                                     // case: mul_int64
    Add(Any<double>(), Any<double>(), Any<double>(), 64);                                        // case: add_double
    Duplicate(Any<uint8_t>(), static_cast<uint8_t>(1), 64);                                      // case: duplicate_uint8
    And(Any<int32_t>(), Any<int32_t>(), Any<int32_t>(), 64);                                     // case: and_int32
    Select(Any<int32_t>(), Any<uint8_t>(), Any<int32_t>(), Any<int32_t>(), SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);  // case: select_int32
    Compare(Any<uint8_t>(), Any<int16_t>(), Any<int16_t>(), CMPMODE::LT, 128);                   // case: compare_int16
    Cast(Any<float>(), Any<int8_t>(), RoundMode::CAST_NONE, 64);                                 // case: cast_int8_float
    Cast(Any<half>(), Any<int32_t>(), RoundMode::CAST_NONE, 64);                                 // case: cast_int32_half
    Cast(Any<double>(), Any<float>(), RoundMode::CAST_NONE, 64);                                 // case: cast_double
    Gather(Any<int8_t>(), Any<int8_t>(), Any<uint32_t>(), 0u, 64u);                              // case: gather_int8
    ReduceMin(Any<int32_t>(), Any<int32_t>(), Any<int32_t>(), 64);                               // case: reduce_int32
    SyncAll<false>();                                                                            // case: syncall_not_aiv_only
    Exp(Any<int32_t>(), Any<int32_t>(), 64);                                                     // case: exp_int32
    Ln(Any<int16_t>(), Any<int16_t>(), 64);                                                      // case: ln_int16
    Sqrt(Any<int32_t>(), Any<int32_t>(), 64);                                                    // case: sqrt_int32
    Rsqrt(Any<double>(), Any<double>(), 64);                                                     // case: rsqrt_double
    Reciprocal(Any<bfloat16_t>(), Any<bfloat16_t>(), 64);                                        // case: reciprocal_bfloat16
    Relu(Any<int16_t>(), Any<int16_t>(), 64);                                                    // case: relu_int16
    LeakyRelu(Any<int32_t>(), Any<int32_t>(), 1, 64);                                            // case: leakyrelu_int32
    Axpy(Any<half>(), Any<float>(), 1.0f, 64);                                                   // case: axpy_half_from_float
    Axpy(Any<int16_t>(), Any<int16_t>(), static_cast<int16_t>(1), 64);                           // case: axpy_int16
}

int main() { return 0; }
