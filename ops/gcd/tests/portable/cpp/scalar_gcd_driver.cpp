/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Test driver: reads operand pairs on stdin and writes, per pair, the exact gcd of gcd_core.h and the result of
// the kernel's vector Euclid run lane by lane for the trips of the lane's own largest operand.
//   scalar_gcd_driver int <int8|uint8|int16|int32> stdin int32 pairs   stdout int32 (exact, vector)
//   scalar_gcd_driver int64 exact              stdin int64 pairs      stdout int64 exact (int64 is scalar only)
//   scalar_gcd_driver float <fp32|fp16|bf16>   stdin uint32 bit pairs stdout uint32 (exact, vector)
//   scalar_gcd_driver bound <nearest|truncating> stdin uint32 magnitudes stdout uint32 trip bound
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../../../op_kernel/gcd_core.h"

namespace {

std::vector<uint32_t> ReadWords()
{
    std::vector<uint32_t> words;
    uint32_t buf[4096];
    size_t n = 0;
    while ((n = std::fread(buf, sizeof(uint32_t), 4096, stdin)) > 0) {
        words.insert(words.end(), buf, buf + n);
    }
    return words;
}

void Write(const std::vector<uint32_t>& out) { std::fwrite(out.data(), sizeof(uint32_t), out.size(), stdout); }

#ifndef GCD_DIV_ULP
#define GCD_DIV_ULP 0
#endif
// The lane's division: IEEE, or (built with -DGCD_DIV_ULP=-1 / 1) every finite non-zero quotient one ulp toward -inf
// / +inf, the device Div's documented accuracy.
struct LaneDivide {
    float operator()(float b, float a) const
    {
        const float q = b / a;
        if (GCD_DIV_ULP == 0 || !std::isfinite(q) || q == 0.0f) {
            return q;
        }
        return std::nextafter(q, GCD_DIV_ULP > 0 ? INFINITY : -INFINITY);
    }
};

// The trips a lane gets: the bound of its own largest operand, the fewest any tile holding it runs (a tile runs the
// bound of its largest), never more than the dtype's most.
int32_t LaneTrips(float a, float b, uint64_t code)
{
    const float largest = std::fmax(std::fabs(a), std::fabs(b));
    const int32_t trips = GcdCore::EuclidIterations(static_cast<int64_t>(largest));
    if (trips > GcdCore::VectorIterations(code)) {
        std::fprintf(stderr, "magnitude %.0f beyond the dtype's vector bound\n", largest);
        std::exit(3);
    }
    return trips;
}

// The kernel's lane: the fp32 vector Euclid, or (int32 with a magnitude of 2^22 or more) the exact scalar path.
template <typename T>
int32_t VectorInt(int32_t x, int32_t y, uint64_t code)
{
    const float a = static_cast<float>(GcdCore::WrappedAbs<T>(static_cast<T>(x)));
    const float b = static_cast<float>(GcdCore::WrappedAbs<T>(static_cast<T>(y)));
    const float limit = GcdCore::VECTOR_EXACT_LIMIT;
    if (a >= limit || b >= limit || a <= -limit || b <= -limit) {
        return GcdCore::TorchIntGcd<T>(static_cast<T>(x), static_cast<T>(y));
    }
    if (a < 0.0f || b < 0.0f) { // the int8 / int16 minimum: its tile runs the truncating Euclid
        const int32_t trips = GcdCore::TruncatingEuclidIterations(static_cast<int64_t>(std::fmax(std::fabs(a), std::fabs(b))));
        return static_cast<T>(static_cast<int32_t>(GcdCore::TruncatingEuclidLane(a, b, trips, LaneDivide())));
    }
    const float g = GcdCore::VectorEuclidLane(a, b, LaneTrips(a, b, code), LaneDivide());
    return static_cast<T>(static_cast<int32_t>(g));
}

void RunInt64()
{
    std::vector<int64_t> in;
    int64_t buf[4096];
    size_t n = 0;
    while ((n = std::fread(buf, sizeof(int64_t), 4096, stdin)) > 0) {
        in.insert(in.end(), buf, buf + n);
    }
    std::vector<int64_t> out;
    for (size_t i = 0; i + 1 < in.size(); i += 2) {
        out.push_back(GcdCore::TorchIntGcd<int64_t>(in[i], in[i + 1]));
    }
    std::fwrite(out.data(), sizeof(int64_t), out.size(), stdout);
}

template <typename T>
void RunInt(const std::vector<uint32_t>& in, uint64_t code)
{
    std::vector<uint32_t> out;
    for (size_t i = 0; i + 1 < in.size(); i += 2) {
        const int32_t x = static_cast<int32_t>(in[i]);
        const int32_t y = static_cast<int32_t>(in[i + 1]);
        const int32_t exact = GcdCore::TorchIntGcd<T>(static_cast<T>(x), static_cast<T>(y));
        out.push_back(static_cast<uint32_t>(exact));
        out.push_back(static_cast<uint32_t>(VectorInt<T>(x, y, code)));
    }
    Write(out);
}

float ToFloat(const GcdCore::TruncatedInt& v)
{
    if (v.zero) {
        return 0.0f;
    }
    float f = static_cast<float>(v.odd);
    for (int32_t i = 0; i < v.pow2; ++i) {
        f *= 2.0f;
    }
    return f;
}

uint32_t FloatToFormat(float g, GcdCore::FloatFormat fmt)
{
    if (g == 0.0f) {
        return 0U;
    }
    uint32_t bits = 0;
    std::memcpy(&bits, &g, sizeof(bits));
    const GcdCore::TruncatedInt v = GcdCore::DecodeTruncated(bits, GcdCore::FP32_FORMAT);
    return GcdCore::EncodeInteger(v.odd, v.pow2, fmt);
}

// The kernel's fp32 / fp16 / bf16 lane: truncate, run the vector Euclid when both magnitudes are below the
// limit, take the exact scalar path otherwise; non-finite lanes are replaced by NaN.
uint32_t VectorFloat(uint32_t x, uint32_t y, GcdCore::FloatFormat fmt, uint64_t code)
{
    const GcdCore::TruncatedInt a = GcdCore::DecodeTruncated(x, fmt);
    const GcdCore::TruncatedInt b = GcdCore::DecodeTruncated(y, fmt);
    if (a.nonFinite || b.nonFinite) {
        return GcdCore::QuietNanBits(fmt);
    }
    const float fa = ToFloat(a);
    const float fb = ToFloat(b);
    if (fa >= GcdCore::VECTOR_EXACT_LIMIT || fb >= GcdCore::VECTOR_EXACT_LIMIT) {
        return GcdCore::ExactFloatGcdBits(x, y, fmt);
    }
    return FloatToFormat(GcdCore::VectorEuclidLane(fa, fb, LaneTrips(fa, fb, code), LaneDivide()), fmt);
}

void RunFloat(const std::vector<uint32_t>& in, GcdCore::FloatFormat fmt, uint64_t code)
{
    std::vector<uint32_t> out;
    for (size_t i = 0; i + 1 < in.size(); i += 2) {
        out.push_back(GcdCore::ExactFloatGcdBits(in[i], in[i + 1], fmt));
        out.push_back(VectorFloat(in[i], in[i + 1], fmt, code));
    }
    Write(out);
}

} // namespace

int main(int argc, char** argv)
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: %s int|float <dtype>\n", argv[0]);
        return 2;
    }
    const std::string kind = argv[1];
    const std::string dtype = argv[2];
    if (kind == "int64") {
        RunInt64();
        return 0;
    }
    const std::vector<uint32_t> in = ReadWords();
    if (kind == "int" && dtype == "int8") {
        RunInt<int8_t>(in, GCD_DTYPE_INT8);
    } else if (kind == "int" && dtype == "uint8") {
        RunInt<uint8_t>(in, GCD_DTYPE_UINT8);
    } else if (kind == "int" && dtype == "int16") {
        RunInt<int16_t>(in, GCD_DTYPE_INT16);
    } else if (kind == "int" && dtype == "int32") {
        RunInt<int32_t>(in, GCD_DTYPE_INT32);
    } else if (kind == "bound") {
        std::vector<uint32_t> out;
        for (uint32_t m : in) {
            out.push_back(static_cast<uint32_t>(dtype == "truncating" ? GcdCore::TruncatingEuclidIterations(m)
                                                                      : GcdCore::EuclidIterations(m)));
        }
        Write(out);
    } else if (kind == "float" && dtype == "fp32") {
        RunFloat(in, GcdCore::FP32_FORMAT, GCD_DTYPE_FLOAT);
    } else if (kind == "float" && dtype == "fp16") {
        RunFloat(in, GcdCore::FP16_FORMAT, GCD_DTYPE_FLOAT16);
    } else if (kind == "float" && dtype == "bf16") {
        RunFloat(in, GcdCore::BF16_FORMAT, GCD_DTYPE_BF16);
    } else {
        std::fprintf(stderr, "unknown mode %s %s\n", argv[1], argv[2]);
        return 2;
    }
    return 0;
}
