/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// The cheap remainder (op_kernel/floor_mod_fast.h FastLane, and TwoPassLane of the two-pass path) against torch.remainder computed exactly (fmod, then + b
// on a non-zero result of the other sign, in FP32 as torch's opmath does), bit for bit, on every lane that does not
// disqualify its tile:
//   fp16 / bf16: every b bit pattern against every `stride`-th a pattern (1: all 2^32 pairs);
//   fp32: the edge grid (powers of two, their neighbours, integers, subnormals, infinities, NaN), quotients next to
//         1/2 and 3/2 (b a power of two or next to one), and `samples` random
//         pairs, quotients drawn across both thresholds (up to 2^32), b of 8 significant bits (the fast path's) or of 9 or 24 (which
//         the low-bits test must turn away from the cheap path: their products q * b need not be exact), and the split
//         two-pass path's adversarial pairs (Split below).
// Lanes whose quotient is NaN (0 / 0, a NaN operand) ride in a fast tile: they must come out NaN.
// The vector Div is exact, or one ulp toward -inf / +inf (argv[2] = -1 / 0 / 1), the device's documented accuracy.
// argv: fp16|bf16 ulp [stride] | fp32 ulp [samples]
// stdout: "checked <n> nan <n> mismatches <n> twopass <n>" and, on a mismatch, "first <a bits> <b bits> <got bits> <want bits>".
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "floor_mod_fast.h"

namespace {

using FloorModFast::Bits;
using FloorModFast::FromBits;

float Fp16ToFloat(uint32_t h)
{
    const uint32_t sign = (h & 0x8000U) << 16;
    const uint32_t exponent = (h >> 10) & 0x1FU;
    const uint32_t fraction = h & 0x3FFU;
    if (exponent == 0x1FU) {
        return FromBits(sign | 0x7F800000U | (fraction << 13));
    }
    if (exponent == 0) { // zero or subnormal: fraction * 2^-24, exact in FP32
        const float magnitude = std::ldexp(static_cast<float>(fraction), -24);
        return sign != 0 ? -magnitude : magnitude;
    }
    return FromBits(sign | ((exponent + 112U) << 23) | (fraction << 13));
}

float Bf16ToFloat(uint32_t h) { return FromBits(h << 16); }

// torch.remainder of a finite a by a non-zero b, as torch computes it for float (fmod, exact by definition, then + b
// on a non-zero result of the other sign, rounded once in FP32); a zero keeps a's sign (fmod's). Infinite b: fmod
// gives a, which torch keeps when it is zero or of b's sign and otherwise adds b to (b).
float Golden(float a, float b)
{
    const float r = std::fmod(a, b);
    if (r != 0.0f && (r < 0.0f) != (b < 0.0f)) {
        return r + b;
    }
    return r;
}

struct Tally {
    uint64_t checked = 0;
    uint64_t nan = 0;
    uint64_t mismatches = 0;
    uint64_t twoPass = 0; // lanes the two-pass path takes (also counted in checked / nan)
    uint32_t first[4] = {0, 0, 0, 0};
};

// The vector Div: IEEE, or one ulp toward -inf (ulp < 0) / +inf (ulp > 0) on every finite non-zero quotient.
struct Divider {
    int ulp;
    float operator()(float a, float b) const
    {
        const float q = a / b;
        if (ulp == 0 || !std::isfinite(q) || q == 0.0f) {
            return q;
        }
        const bool away = (ulp > 0) == (q > 0.0f); // toward +inf is away from zero for a positive quotient
        return FromBits(away ? Bits(q) + 1 : Bits(q) - 1);
    }
};

void CheckLane(float a, float b, const FloorModFast::LaneResult& lane, Tally& t)
{
    if (lane.disqualifies) {
        return;
    }
    const bool nanWanted = std::isnan(a) || std::isnan(b) || std::isinf(a) || b == 0.0f;
    bool ok;
    float want = NAN;
    if (nanWanted) {
        ++t.nan;
        ok = std::isnan(lane.r);
    } else {
        ++t.checked;
        want = Golden(a, b);
        ok = Bits(lane.r) == Bits(want);
    }
    if (!ok && t.mismatches++ == 0) {
        t.first[0] = Bits(a);
        t.first[1] = Bits(b);
        t.first[2] = Bits(lane.r);
        t.first[3] = Bits(want);
    }
}

// The lane as a cheap tile runs it and as a two-pass tile runs it (every lane of a two-pass tile takes both passes).
void Check(float a, float b, uint32_t divisorBits, const Divider& divide, Tally& t)
{
    CheckLane(a, b, FloorModFast::FastLane(a, b, divisorBits, divide), t);
    const FloorModFast::LaneResult twoPass = FloorModFast::TwoPassLane(a, b, divisorBits, divide);
    t.twoPass += twoPass.disqualifies ? 0U : 1U;
    CheckLane(a, b, twoPass, t);
}

// Every `stride`-th a pattern against every b pattern, split over threads by a.
Tally Exhaustive(float (*decode)(uint32_t), uint32_t divisorBits, const Divider& divide, uint32_t stride)
{
    std::vector<float> values(65536);
    for (uint32_t i = 0; i < 65536; ++i) {
        values[i] = decode(i);
    }
    const unsigned workers = std::max(1U, std::thread::hardware_concurrency());
    std::vector<Tally> tallies(workers);
    std::vector<std::thread> threads;
    for (unsigned w = 0; w < workers; ++w) {
        threads.emplace_back([&, w]() {
            for (uint32_t i = w * stride; i < 65536; i += workers * stride) {
                for (uint32_t j = 0; j < 65536; ++j) {
                    Check(values[i], values[j], divisorBits, divide, tallies[w]);
                }
            }
        });
    }
    for (auto& thread : threads) {
        thread.join();
    }
    Tally total;
    for (const Tally& t : tallies) {
        if (total.mismatches == 0 && t.mismatches > 0) {
            std::memcpy(total.first, t.first, sizeof(total.first));
        }
        total.checked += t.checked;
        total.nan += t.nan;
        total.mismatches += t.mismatches;
        total.twoPass += t.twoPass;
    }
    return total;
}

// FLOAT's split two-pass path (floor_mod_fast.h SplitLane) where its proof is tight: divisors of 24 significant bits
// (mantissa all ones, just above a power of two, random; normal and subnormal), quotients across 2^12 (q1 = q below
// it) up to 2^24 (its threshold) and beyond, q's twelve-bit rounding exactly at its half (+-1) and the largest part a
// cut would drop, ties of rint (k + 1/2), exact multiples and the dividends one ulp either side of them, randn pairs.
void Split(const Divider& divide, uint64_t samples, std::mt19937_64& rng, Tally& t)
{
    std::uniform_int_distribution<uint32_t> bits;
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::normal_distribution<float> normal;
    for (uint64_t s = 0; s < samples; ++s) {
        const int e = static_cast<int>(bits(rng) % 200) - 100;
        uint32_t mantissa = bits(rng) & 0x7FFFFFU;
        switch (s % 4) {
            case 0: mantissa = 0x7FFFFFU - (mantissa & 0xFFU); break;  // |b| just below 2^(e + 1)
            case 1: mantissa &= 0x1FFFU; break;                       // just above 2^e: bh / b near 1 - 2^-11
            default: break;
        }
        uint32_t word = (static_cast<uint32_t>(e + 127) << 23) | mantissa | ((bits(rng) & 1U) << 31);
        if (s % 97 == 0) {
            word = (bits(rng) & 0x807FFFFFU) | 1U; // subnormal
        } else if (s % 97 == 1) {
            word = (bits(rng) & 0x80000FFFU) | 0x1000U; // subnormal with bh = 2^-137: bh / b just above 1/2
        }
        const float b = FromBits(word);
        const int exponent = static_cast<int>(bits(rng) % 27); // |q| in [2^E, 2^(E + 1)), E up to 26
        double q = std::ldexp(1.0 + unit(rng), exponent);
        switch ((s / 4) % 6) {
            case 0: q = std::floor(q); break;                                        // a multiple
            case 1: q = std::floor(q) + 0.5; break;                                  // a tie of rint
            case 2: {                                                                // q1's rounding at its half
                const double grain = std::ldexp(1.0, std::max(exponent - 11, 0));
                const double step = static_cast<double>(static_cast<int>(bits(rng) % 3) - 1);
                q = std::floor(q / grain) * grain + grain / 2 + step;
                break;
            }
            case 3: {                                                                // q1's cut at its largest
                const double grain = std::ldexp(1.0, std::max(exponent - 11, 0));
                static constexpr double kPast[3] = {0.45, 0.9, 1.4};
                q = std::floor(q / grain) * grain + grain - 1 + kPast[bits(rng) % 3];
                break;
            }
            default: break;
        }
        if (bits(rng) & 1U) {
            q = -q;
        }
        float a = static_cast<float>(q * static_cast<double>(b));
        if (!std::isfinite(a)) {
            continue;
        }
        Check(a, b, 24, divide, t);
        Check(std::nextafter(a, INFINITY), b, 24, divide, t);
        Check(std::nextafter(a, -INFINITY), b, 24, divide, t);
        const float x = normal(rng) * 100.0f;
        const float y = normal(rng);
        Check(x, y, 24, divide, t); // bench_kernels' randn data
    }
}

// FLOAT: an edge grid plus random pairs (see the head of the file).
Tally Fp32(const Divider& divide, uint64_t samples)
{
    Tally t;
    std::vector<float> edges = {0.0f,     -0.0f,    INFINITY, -INFINITY, NAN,   1.0f,           -1.0f,
                                3.0f,     0.1f,     1e-45f,   1.17549435e-38f, 3.40282347e+38f, 16777216.0f,
                                16777215.0f, 65536.0f, 65535.0f, 65537.0f, 0.25f, 7.75f,           1.2676506e+30f};
    for (int e = -149; e <= 127; e += 3) {
        const float p = std::ldexp(1.0f, e);
        edges.insert(edges.end(), {p, -p, std::nextafter(p, INFINITY), std::nextafter(p, 0.0f)});
    }
    for (float a : edges) {
        for (float b : edges) {
            Check(a, b, 24, divide, t);
        }
    }
    // a / b next to 1/2, where q = 1 needs b - a exact: b a power of two or just above one, a around b / 2.
    for (int e = -120; e <= 120; ++e) {
        for (float b : {std::ldexp(1.0f, e), std::ldexp(1.0078125f, e), std::ldexp(1.9921875f, e)}) {
            float a = std::nextafter(std::nextafter(std::nextafter(b / 2, 0.0f), 0.0f), 0.0f);
            for (int i = 0; i < 6; ++i, a = std::nextafter(a, INFINITY)) {
                Check(a, b, 24, divide, t);
                Check(-a, b, 24, divide, t);
                Check(a * 3, b, 24, divide, t);
            }
        }
    }
    std::mt19937_64 rng(2026);
    std::uniform_int_distribution<uint32_t> bits;
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    for (uint64_t s = 0; s < samples; ++s) {
        static constexpr uint32_t kDivisorMasks[4] = {0xFFFF0000U, 0xFFFF0000U, 0xFFFF8000U, 0xFFFFFFFFU};
        const float b = FromBits(bits(rng) & kDivisorMasks[s % 4]); // 8 significant bits, or 9 or 24
        const float quotient = std::ldexp(unit(rng), static_cast<int>(bits(rng) % 33)); // |q| up to 2^32
        float a = quotient * b;
        if (s % 3 == 0) {
            a = std::nearbyint(quotient) * b; // multiples, where a quotient one ulp short costs a step
        } else if (s % 3 == 1) {
            a = FromBits(bits(rng)); // any a
        }
        Check(a, b, 24, divide, t);
    }
    Split(divide, samples, rng, t);
    return t;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::fprintf(stderr, "usage: %s fp16|bf16 ulp [stride] | fp32 ulp [samples]\n", argv[0]);
        return 2;
    }
    const std::string dtype = argv[1];
    const Divider divide{std::atoi(argv[2])};
    Tally t;
    const uint64_t extra = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 0;
    if (dtype == "fp16") {
        t = Exhaustive(Fp16ToFloat, 11, divide, extra > 0 ? static_cast<uint32_t>(extra) : 1U);
    } else if (dtype == "bf16") {
        t = Exhaustive(Bf16ToFloat, 8, divide, extra > 0 ? static_cast<uint32_t>(extra) : 1U);
    } else if (dtype == "fp32") {
        t = Fp32(divide, extra > 0 ? extra : 1000000);
    } else {
        return 2;
    }
    std::printf("checked %llu nan %llu mismatches %llu twopass %llu\n", static_cast<unsigned long long>(t.checked),
                static_cast<unsigned long long>(t.nan), static_cast<unsigned long long>(t.mismatches),
                static_cast<unsigned long long>(t.twoPass));
    if (t.mismatches > 0) {
        std::printf("first %08x %08x %08x %08x\n", t.first[0], t.first[1], t.first[2], t.first[3]);
    }
    return 0;
}
