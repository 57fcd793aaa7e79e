// Self-test probe: runs one Ascend C API of the CPU model on binary inputs so pytest can compare with numpy.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "probe_io.h"

using namespace AscendC;

namespace {

constexpr uint32_t kChunk = 1024;  // a multiple of every repeat size, so Compare chunks stay whole repeats

template <typename T>
DataCopyExtParams Contiguous(uint64_t count)
{
    return DataCopyExtParams{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
}

// out = op(inputs) chunk by chunk; with maskOut the output holds one bit per element.
template <typename TIn, typename TOut, int kInputs, bool maskOut, typename Op>
void MapKernel(uint64_t n, std::array<uint8_t*, 3> ins, uint8_t* out, Op op)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> inBuf[3];
    TBuf<TPosition::VECCALC> outBuf;
    for (int k = 0; k < kInputs; ++k) pipe.InitBuffer(inBuf[k], kChunk * sizeof(TIn));
    pipe.InitBuffer(outBuf, kChunk * sizeof(TOut));
    GlobalTensor<TIn> gIn[3];
    for (int k = 0; k < kInputs; ++k) gIn[k].SetGlobalBuffer(reinterpret_cast<TIn*>(ins[k]), n);
    GlobalTensor<TOut> gOut;
    gOut.SetGlobalBuffer(reinterpret_cast<TOut*>(out), maskOut ? n / 8 : n);
    for (uint64_t first = 0; first < n; first += kChunk) {
        const uint64_t count = std::min<uint64_t>(kChunk, n - first);
        std::array<LocalTensor<TIn>, 3> local;
        for (int k = 0; k < kInputs; ++k) {
            local[k] = inBuf[k].template Get<TIn>();
            DataCopyPad(local[k], gIn[k][first], Contiguous<TIn>(count), DataCopyPadExtParams<TIn>{false, 0, 0, 0});
        }
        LocalTensor<TOut> result = outBuf.template Get<TOut>();
        op(result, local, static_cast<uint32_t>(count));
        if (maskOut) {
            DataCopyPad(gOut[first / 8], result, Contiguous<TOut>(count / 8));
        } else {
            DataCopyPad(gOut[first], result, Contiguous<TOut>(count));
        }
    }
}

template <typename TIn, typename TOut, int kInputs, bool maskOut = false, typename Op>
void RunMap(const std::vector<std::string>& inPaths, const std::string& outPath, Op op)
{
    std::array<uint8_t*, 3> ins{};
    uint64_t n = 0;
    for (int k = 0; k < kInputs; ++k) {
        auto file = probe::ReadGm(inPaths[k]);
        ins[k] = file.data;
        n = file.bytes / sizeof(TIn);
    }
    const uint64_t outBytes = maskOut ? n / 8 : n * sizeof(TOut);
    uint8_t* out = cpu_model::GmAlloc(outBytes);
    cpu_model::Launch(1, probe::NumericsLaunch(),
                      [&] { MapKernel<TIn, TOut, kInputs, maskOut>(n, ins, out, op); });
    probe::WriteBytes(outPath, out, outBytes);
}

void CastProbe(const std::vector<std::string>& a)
{
    const RoundMode mode = probe::ParseRoundMode(a[2]);
    probe::WithType(a[0], [&](auto src) {
        using S = typename decltype(src)::type;
        probe::WithType(a[1], [&](auto dst) {
            using D = typename decltype(dst)::type;
            if constexpr (cpu_model::CastModes<D, S>() != 0) {
                RunMap<S, D, 1>({a[3]}, a[4], [mode](auto& out, auto& in, uint32_t n) { Cast(out, in[0], mode, n); });
            } else {
                probe::Unsupported("Cast pair");
            }
        });
    });
}

void BinaryProbe(const std::vector<std::string>& a)
{
    const std::string op = a[0];
    probe::WithType(a[1], [&](auto tag) {
        using T = typename decltype(tag)::type;
        auto run = [&](auto fn) { RunMap<T, T, 2>({a[2], a[3]}, a[4], fn); };
        if constexpr (cpu_model::kA2Arith<T>) {
            if (op == "add") return run([](auto& o, auto& i, uint32_t n) { Add(o, i[0], i[1], n); });
            if (op == "sub") return run([](auto& o, auto& i, uint32_t n) { Sub(o, i[0], i[1], n); });
            if (op == "mul") return run([](auto& o, auto& i, uint32_t n) { Mul(o, i[0], i[1], n); });
            if (op == "max") return run([](auto& o, auto& i, uint32_t n) { Max(o, i[0], i[1], n); });
            if (op == "min") return run([](auto& o, auto& i, uint32_t n) { Min(o, i[0], i[1], n); });
        }
        if constexpr (cpu_model::kA2FloatOnly<T>) {
            if (op == "div") return run([](auto& o, auto& i, uint32_t n) { Div(o, i[0], i[1], n); });
        }
        if constexpr (cpu_model::kA2Logic<T>) {
            if (op == "and") return run([](auto& o, auto& i, uint32_t n) { And(o, i[0], i[1], n); });
            if (op == "or") return run([](auto& o, auto& i, uint32_t n) { Or(o, i[0], i[1], n); });
        }
        probe::Unsupported(op + " " + a[1]);
    });
}

void ScalarProbe(const std::vector<std::string>& a)
{
    const std::string op = a[0];
    probe::WithType(a[1], [&](auto tag) {
        using T = typename decltype(tag)::type;
        const T s = probe::ParseScalar<T>(a[2]);
        auto run = [&](auto fn) { RunMap<T, T, 1>({a[3]}, a[4], fn); };
        if constexpr (cpu_model::kA2Arith<T>) {
            if (op == "adds") return run([s](auto& o, auto& i, uint32_t n) { Adds(o, i[0], s, n); });
            if (op == "muls") return run([s](auto& o, auto& i, uint32_t n) { Muls(o, i[0], s, n); });
            if (op == "maxs") return run([s](auto& o, auto& i, uint32_t n) { Maxs(o, i[0], s, n); });
            if (op == "mins") return run([s](auto& o, auto& i, uint32_t n) { Mins(o, i[0], s, n); });
        }
        if constexpr (cpu_model::kA2Shift<T>) {
            if (op == "shl") return run([s](auto& o, auto& i, uint32_t n) { ShiftLeft(o, i[0], s, n); });
            if (op == "shr") return run([s](auto& o, auto& i, uint32_t n) { ShiftRight(o, i[0], s, n); });
        }
        if constexpr (cpu_model::kA2FloatOnly<T>) {
            if (op == "abs") return run([](auto& o, auto& i, uint32_t n) { Abs(o, i[0], n); });
            if (op == "floor") return run([](auto& o, auto& i, uint32_t n) { Floor(o, i[0], n); });
            if (op == "exp") return run([](auto& o, auto& i, uint32_t n) { Exp(o, i[0], n); });
            if (op == "ln") return run([](auto& o, auto& i, uint32_t n) { Ln(o, i[0], n); });
            if (op == "sqrt") return run([](auto& o, auto& i, uint32_t n) { Sqrt(o, i[0], n); });
            if (op == "rsqrt") return run([](auto& o, auto& i, uint32_t n) { Rsqrt(o, i[0], n); });
            if (op == "rec") return run([](auto& o, auto& i, uint32_t n) { Reciprocal(o, i[0], n); });
            if (op == "lrelu") return run([s](auto& o, auto& i, uint32_t n) { LeakyRelu(o, i[0], s, n); });
        }
        if constexpr (cpu_model::kOneOf<T, half, int32_t, float>) {
            if (op == "relu") return run([](auto& o, auto& i, uint32_t n) { Relu(o, i[0], n); });
        }
        if constexpr (cpu_model::kOneOf<T, int16_t, half, int32_t, float>) {
            if (op == "vecindex") return run([s](auto& o, auto&, uint32_t n) { CreateVecIndex(o, s, n); });
        }
        if constexpr (cpu_model::kA2Logic<T>) {
            if (op == "not") return run([](auto& o, auto& i, uint32_t n) { Not(o, i[0], n); });
        }
        if constexpr (cpu_model::kA2Duplicate<T>) {
            if (op == "dup") return run([s](auto& o, auto&, uint32_t n) { Duplicate(o, s, n); });
        }
        probe::Unsupported(op + " " + a[1]);
    });
}

// axpy <dst type> <src type> <scalar> src.bin dst.bin out.bin ; dst.bin holds the destination's initial contents.
void AxpyProbe(const std::vector<std::string>& a)
{
    probe::WithType(a[0], [&](auto dstTag) {
        using T = typename decltype(dstTag)::type;
        probe::WithType(a[1], [&](auto srcTag) {
            using U = typename decltype(srcTag)::type;
            if constexpr ((std::is_same<T, U>::value && cpu_model::kOneOf<T, half, float>) ||
                          (std::is_same<T, float>::value && std::is_same<U, half>::value)) {
                const U s = probe::ParseScalar<U>(a[2]);
                auto src = probe::ReadGm(a[3]);
                auto init = probe::ReadGm(a[4]);
                const uint64_t n = src.bytes / sizeof(U);
                uint8_t* out = cpu_model::GmAlloc(n * sizeof(T));
                cpu_model::Launch(1, probe::NumericsLaunch(), [&] {
                    TPipe pipe;
                    TBuf<TPosition::VECCALC> bs, bd;
                    pipe.InitBuffer(bs, static_cast<uint32_t>(cpu_model::AlignUp(n * sizeof(U), 32)));
                    pipe.InitBuffer(bd, static_cast<uint32_t>(cpu_model::AlignUp(n * sizeof(T), 32)));
                    GlobalTensor<U> gs;
                    GlobalTensor<T> gd, go;
                    gs.SetGlobalBuffer(reinterpret_cast<U*>(src.data), n);
                    gd.SetGlobalBuffer(reinterpret_cast<T*>(init.data), n);
                    go.SetGlobalBuffer(reinterpret_cast<T*>(out), n);
                    DataCopyPad(bs.Get<U>(), gs, Contiguous<U>(n), DataCopyPadExtParams<U>{false, 0, 0, 0});
                    DataCopyPad(bd.Get<T>(), gd, Contiguous<T>(n), DataCopyPadExtParams<T>{false, 0, 0, 0});
                    if (a.size() > 6 && a[6] == "overlap") {
                        Axpy(bd.Get<T>(), bd.Get<U>()[32 / sizeof(U)], s, static_cast<int32_t>(n / 2));
                    } else {
                        Axpy(bd.Get<T>(), bs.Get<U>(), s, static_cast<int32_t>(n));
                    }
                    DataCopyPad(go, bd.Get<T>(), Contiguous<T>(n));
                });
                probe::WriteBytes(a[5], out, n * sizeof(T));
            } else {
                probe::Unsupported("Axpy " + a[0] + " <- " + a[1]);
            }
        });
    });
}

void CompareProbe(const std::vector<std::string>& a, bool scalar)
{
    const CMPMODE mode = probe::ParseCmpMode(a[1]);
    probe::WithType(a[0], [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (cpu_model::kOneOf<T, half, float, int32_t>) {
            if (scalar) {
                const T s = probe::ParseScalar<T>(a[2]);
                RunMap<T, uint8_t, 1, true>({a[3]}, a[4],
                                            [&](auto& o, auto& i, uint32_t n) { Compares(o, i[0], s, mode, n); });
            } else {
                RunMap<T, uint8_t, 2, true>({a[2], a[3]}, a[4],
                                            [&](auto& o, auto& i, uint32_t n) { Compare(o, i[0], i[1], mode, n); });
            }
        } else {
            probe::Unsupported("Compare " + a[0]);
        }
    });
}

// select <type> <mode> mask.bin src0.bin src1.bin out.bin ; the mask is read whole, the data chunk by chunk.
void SelectProbe(const std::vector<std::string>& a)
{
    const auto mode = static_cast<SELMODE>(std::stoi(a[1]));
    probe::WithType(a[0], [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (cpu_model::kOneOf<T, half, float>) {
            auto mask = probe::ReadGm(a[2]);
            auto src0 = probe::ReadGm(a[3]);
            auto src1 = probe::ReadGm(a[4]);
            const uint64_t n = src0.bytes / sizeof(T);
            uint8_t* out = cpu_model::GmAlloc(n * sizeof(T));
            cpu_model::Launch(1, probe::NumericsLaunch(), [&] {
                TPipe pipe;
                TBuf<TPosition::VECCALC> maskBuf, b0, b1, bo;
                pipe.InitBuffer(maskBuf, static_cast<uint32_t>(cpu_model::AlignUp(mask.bytes, 32)));
                pipe.InitBuffer(b0, static_cast<uint32_t>(n * sizeof(T)));
                pipe.InitBuffer(b1, static_cast<uint32_t>(n * sizeof(T)));
                pipe.InitBuffer(bo, static_cast<uint32_t>(n * sizeof(T)));
                GlobalTensor<uint8_t> gm;
                GlobalTensor<T> g0, g1, go;
                gm.SetGlobalBuffer(mask.data, mask.bytes);
                g0.SetGlobalBuffer(reinterpret_cast<T*>(src0.data), n);
                g1.SetGlobalBuffer(reinterpret_cast<T*>(src1.data), src1.bytes / sizeof(T));
                go.SetGlobalBuffer(reinterpret_cast<T*>(out), n);
                auto lm = maskBuf.Get<uint8_t>();
                auto l0 = b0.Get<T>();
                auto l1 = b1.Get<T>();
                auto lo = bo.Get<T>();
                DataCopyPad(lm, gm, Contiguous<uint8_t>(mask.bytes), DataCopyPadExtParams<uint8_t>{false, 0, 0, 0});
                DataCopyPad(l0, g0, Contiguous<T>(n), DataCopyPadExtParams<T>{false, 0, 0, 0});
                DataCopyPad(l1, g1, Contiguous<T>(src1.bytes / sizeof(T)), DataCopyPadExtParams<T>{false, 0, 0, 0});
                if (a.size() > 6 && a[6] == "scalar") {
                    Select(lo, lm, l0, g1.GetValue(0), mode, static_cast<uint32_t>(n));
                } else {
                    Select(lo, lm, l0, l1, mode, static_cast<uint32_t>(n));
                }
                DataCopyPad(go, lo, Contiguous<T>(n));
            });
            probe::WriteBytes(a[5], out, n * sizeof(T));
        } else {
            probe::Unsupported("Select " + a[0]);
        }
    });
}

// reduce <min|max> <type> <whole|repeat mask repeats stride|wholerepeat mask repeats order> in.bin out.bin
void ReduceProbe(const std::vector<std::string>& a)
{
    const bool isMax = a[0] == "max";
    probe::WithType(a[1], [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (cpu_model::kOneOf<T, half, float>) {
            const std::string form = a[2];
            const std::string inPath = a[a.size() - 2];
            const std::string outPath = a[a.size() - 1];
            auto in = probe::ReadGm(inPath);
            const uint64_t n = in.bytes / sizeof(T);
            const uint64_t outBytes = 8192;
            uint8_t* out = cpu_model::GmAlloc(outBytes);
            cpu_model::Launch(1, probe::NumericsLaunch(), [&] {
                TPipe pipe;
                TBuf<TPosition::VECCALC> src, tmp, dst;
                pipe.InitBuffer(src, static_cast<uint32_t>(n * sizeof(T)));
                pipe.InitBuffer(tmp, static_cast<uint32_t>(n * sizeof(T)));
                pipe.InitBuffer(dst, outBytes);
                GlobalTensor<T> gIn;
                GlobalTensor<uint8_t> gOut;
                gIn.SetGlobalBuffer(reinterpret_cast<T*>(in.data), n);
                gOut.SetGlobalBuffer(out, outBytes);
                auto ls = src.Get<T>();
                auto ld = dst.Get<T>();
                Duplicate(dst.Get<uint16_t>(), static_cast<uint16_t>(0), static_cast<int32_t>(outBytes / 2));
                DataCopyPad(ls, gIn, Contiguous<T>(n), DataCopyPadExtParams<T>{false, 0, 0, 0});
                if (form == "whole") {
                    if (isMax) ReduceMax(ld, ls, tmp.Get<T>(), static_cast<int32_t>(n), true);
                    else ReduceMin(ld, ls, tmp.Get<T>(), static_cast<int32_t>(n), true);
                } else if (form == "repeat") {
                    const int32_t mask = std::stoi(a[3]), repeats = std::stoi(a[4]), stride = std::stoi(a[5]);
                    if (isMax) ReduceMax(ld, ls, tmp.Get<T>(), mask, repeats, stride, true);
                    else ReduceMin(ld, ls, tmp.Get<T>(), mask, repeats, stride, true);
                } else {
                    const int32_t mask = std::stoi(a[3]), repeats = std::stoi(a[4]);
                    const auto order = static_cast<ReduceOrder>(std::stoi(a[5]));
                    const int32_t perRepeatBlocks = static_cast<int32_t>(256 / 32);
                    if (isMax) WholeReduceMax(ld, ls, mask, repeats, 1, 1, perRepeatBlocks, order);
                    else WholeReduceMin(ld, ls, mask, repeats, 1, 1, perRepeatBlocks, order);
                }
                DataCopy(gOut, dst.Get<uint8_t>(), outBytes);
            });
            probe::WriteBytes(outPath, out, outBytes);
        } else {
            probe::Unsupported("Reduce " + a[1]);
        }
    });
}

// padin <type> blockCount blockLen srcStride dstStride isPad left right padValue ubBytes in.bin out.bin
// The UB buffer is filled with 0xEE first, so the test sees which bytes DataCopyPad wrote.
void PadInProbe(const std::vector<std::string>& a)
{
    probe::WithType(a[0], [&](auto tag) {
        using T = typename decltype(tag)::type;
        const auto blockCount = static_cast<uint16_t>(std::stoul(a[1]));
        const auto blockLen = static_cast<uint32_t>(std::stoul(a[2]));
        const auto srcStride = static_cast<uint32_t>(std::stoul(a[3]));
        const auto dstStride = static_cast<uint32_t>(std::stoul(a[4]));
        const bool isPad = a[5] == "1";
        const auto left = static_cast<uint8_t>(std::stoul(a[6]));
        const auto right = static_cast<uint8_t>(std::stoul(a[7]));
        const T padValue = probe::ParseScalar<T>(a[8]);
        const auto ubBytes = static_cast<uint32_t>(std::stoul(a[9]));
        auto in = probe::ReadGm(a[10]);
        uint8_t* out = cpu_model::GmAlloc(ubBytes);
        cpu_model::Launch(1, probe::NumericsLaunch(), [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            pipe.InitBuffer(buf, ubBytes);
            auto bytes = buf.Get<uint8_t>();
            for (uint32_t i = 0; i < ubBytes; ++i) bytes.SetValue(i, static_cast<uint8_t>(0xEE));
            GlobalTensor<T> gIn;
            gIn.SetGlobalBuffer(reinterpret_cast<T*>(in.data), in.bytes / sizeof(T));
            DataCopyPad(buf.Get<T>(), gIn, DataCopyExtParams{blockCount, blockLen, srcStride, dstStride, 0},
                        DataCopyPadExtParams<T>{isPad, left, right, padValue});
            GlobalTensor<uint8_t> gOut;
            gOut.SetGlobalBuffer(out, ubBytes);
            DataCopy(gOut, bytes, ubBytes);
        });
        probe::WriteBytes(a[11], out, ubBytes);
    });
}

// padout <type> blockCount blockLen srcStride dstStride gmBytes in.bin out.bin ; GM starts as 0xEE bytes.
void PadOutProbe(const std::vector<std::string>& a)
{
    probe::WithType(a[0], [&](auto tag) {
        using T = typename decltype(tag)::type;
        const auto blockCount = static_cast<uint16_t>(std::stoul(a[1]));
        const auto blockLen = static_cast<uint32_t>(std::stoul(a[2]));
        const auto srcStride = static_cast<uint32_t>(std::stoul(a[3]));
        const auto dstStride = static_cast<uint32_t>(std::stoul(a[4]));
        const auto gmBytes = static_cast<uint32_t>(std::stoul(a[5]));
        auto in = probe::ReadGm(a[6]);
        uint8_t* out = cpu_model::GmAlloc(gmBytes);
        std::memset(out, 0xEE, gmBytes);
        cpu_model::Launch(1, probe::NumericsLaunch(), [&] {
            TPipe pipe;
            TBuf<TPosition::VECCALC> buf;
            pipe.InitBuffer(buf, static_cast<uint32_t>(in.bytes));
            GlobalTensor<uint8_t> gIn;
            gIn.SetGlobalBuffer(in.data, in.bytes);
            DataCopy(buf.Get<uint8_t>(), gIn, static_cast<uint32_t>(in.bytes));
            GlobalTensor<T> gOut;
            gOut.SetGlobalBuffer(reinterpret_cast<T*>(out), gmBytes / sizeof(T));
            DataCopyPad(gOut, buf.Get<T>(), DataCopyExtParams{blockCount, blockLen, srcStride, dstStride, 0});
        });
        probe::WriteBytes(a[7], out, gmBytes);
    });
}

// gather <type> src.bin offsets.bin out.bin
void GatherProbe(const std::vector<std::string>& a)
{
    probe::WithType(a[0], [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (sizeof(T) == 2 || sizeof(T) == 4) {
            auto src = probe::ReadGm(a[1]);
            auto offsets = probe::ReadGm(a[2]);
            const uint64_t n = offsets.bytes / 4;
            uint8_t* out = cpu_model::GmAlloc(n * sizeof(T));
            cpu_model::Launch(1, probe::NumericsLaunch(), [&] {
                TPipe pipe;
                TBuf<TPosition::VECCALC> bs, bo, bd;
                pipe.InitBuffer(bs, static_cast<uint32_t>(src.bytes));
                pipe.InitBuffer(bo, static_cast<uint32_t>(offsets.bytes));
                pipe.InitBuffer(bd, static_cast<uint32_t>(n * sizeof(T)));
                GlobalTensor<T> gs, gd;
                GlobalTensor<uint32_t> go;
                gs.SetGlobalBuffer(reinterpret_cast<T*>(src.data), src.bytes / sizeof(T));
                go.SetGlobalBuffer(reinterpret_cast<uint32_t*>(offsets.data), n);
                gd.SetGlobalBuffer(reinterpret_cast<T*>(out), n);
                DataCopyPad(bs.Get<T>(), gs, Contiguous<T>(src.bytes / sizeof(T)), DataCopyPadExtParams<T>{false, 0, 0, 0});
                DataCopyPad(bo.Get<uint32_t>(), go, Contiguous<uint32_t>(n), DataCopyPadExtParams<uint32_t>{false, 0, 0, 0});
                Gather(bd.Get<T>(), bs.Get<T>(), bo.Get<uint32_t>(), 0u, static_cast<uint32_t>(n));
                DataCopyPad(gd, bd.Get<T>(), Contiguous<T>(n));
            });
            probe::WriteBytes(a[3], out, n * sizeof(T));
        } else {
            probe::Unsupported("Gather " + a[0]);
        }
    });
}

// level0 <add|mul|div|adds> <type> <mask|bits:lo:hi> repeat dstBlk s0Blk s1Blk dstRep s0Rep s1Rep a.bin b.bin dst.bin out.bin
// dst.bin holds the destination's initial contents, so elements outside the mask must come back unchanged.
void Level0Probe(const std::vector<std::string>& a)
{
    const std::string op = a[0];
    probe::WithType(a[1], [&](auto tag) {
        using T = typename decltype(tag)::type;
        if constexpr (cpu_model::kOneOf<T, half, float, int16_t, int32_t, uint32_t>) {
            const bool bitMode = a[2].rfind("bits:", 0) == 0;
            uint64_t bits[2] = {0, 0};
            uint64_t count = 0;
            if (bitMode) {
                const auto colon = a[2].find(':', 5);
                bits[0] = std::stoull(a[2].substr(5, colon - 5), nullptr, 0);
                bits[1] = std::stoull(a[2].substr(colon + 1), nullptr, 0);
            } else {
                count = std::stoull(a[2]);
            }
            const auto repeat = static_cast<uint8_t>(std::stoul(a[3]));
            const BinaryRepeatParams params(static_cast<uint8_t>(std::stoul(a[4])), static_cast<uint8_t>(std::stoul(a[5])),
                                            static_cast<uint8_t>(std::stoul(a[6])), static_cast<uint8_t>(std::stoul(a[7])),
                                            static_cast<uint8_t>(std::stoul(a[8])), static_cast<uint8_t>(std::stoul(a[9])));
            auto in0 = probe::ReadGm(a[10]);
            auto in1 = probe::ReadGm(a[11]);
            auto init = probe::ReadGm(a[12]);
            uint8_t* out = cpu_model::GmAlloc(init.bytes);
            cpu_model::Launch(1, probe::NumericsLaunch(), [&] {
                TPipe pipe;
                TBuf<TPosition::VECCALC> b0, b1, bd;
                pipe.InitBuffer(b0, static_cast<uint32_t>(in0.bytes));
                pipe.InitBuffer(b1, static_cast<uint32_t>(in1.bytes));
                pipe.InitBuffer(bd, static_cast<uint32_t>(init.bytes));
                GlobalTensor<uint8_t> g0, g1, gd, go;
                g0.SetGlobalBuffer(in0.data, in0.bytes);
                g1.SetGlobalBuffer(in1.data, in1.bytes);
                gd.SetGlobalBuffer(init.data, init.bytes);
                go.SetGlobalBuffer(out, init.bytes);
                DataCopy(b0.Get<uint8_t>(), g0, static_cast<uint32_t>(in0.bytes));
                DataCopy(b1.Get<uint8_t>(), g1, static_cast<uint32_t>(in1.bytes));
                DataCopy(bd.Get<uint8_t>(), gd, static_cast<uint32_t>(init.bytes));
                auto x = b0.Get<T>();
                auto y = b1.Get<T>();
                auto d = bd.Get<T>();
                if (op == "add") {
                    if constexpr (!cpu_model::kA2Arith<T>) throw std::runtime_error("add needs an A2 arithmetic type");
                    else if (bitMode) Add(d, x, y, bits, repeat, params);
                    else Add(d, x, y, count, repeat, params);
                } else if (op == "mul") {
                    if constexpr (!cpu_model::kA2Arith<T>) throw std::runtime_error("mul needs an A2 arithmetic type");
                    else if (bitMode) Mul(d, x, y, bits, repeat, params);
                    else Mul(d, x, y, count, repeat, params);
                } else if (op == "div") {
                    if constexpr (!cpu_model::kA2FloatOnly<T>) throw std::runtime_error("div needs half or float");
                    else if (bitMode) Div(d, x, y, bits, repeat, params);
                    else Div(d, x, y, count, repeat, params);
                } else if (op == "adds" || op == "shr" || op == "shl") {
                    const UnaryRepeatParams unary(params.dstBlkStride, params.src0BlkStride, params.dstRepStride,
                                                  params.src0RepStride);
                    if (op == "adds") {
                        if constexpr (cpu_model::kA2Arith<T>) Adds(d, x, y(0), count, repeat, unary);
                    } else if constexpr (cpu_model::kA2Shift<T>) {
                        if (op == "shr" && bitMode) ShiftRight(d, x, y(0), bits, repeat, unary);
                        else if (op == "shr") ShiftRight(d, x, y(0), count, repeat, unary);
                        else if (bitMode) ShiftLeft(d, x, y(0), bits, repeat, unary);
                        else ShiftLeft(d, x, y(0), count, repeat, unary);
                    } else {
                        throw std::runtime_error("shift needs a 16/32-bit integer type");
                    }
                } else {
                    throw std::runtime_error("unknown level0 op " + op);
                }
                DataCopy(go, bd.Get<uint8_t>(), static_cast<uint32_t>(init.bytes));
            });
            probe::WriteBytes(a[13], out, init.bytes);
        } else {
            probe::Unsupported("level0 " + a[1]);
        }
    });
}

}  // namespace

int main(int argc, char** argv)
{
    return cpu_model::Guarded([&] {
        if (argc < 2) throw std::runtime_error("usage: api_probe <api> args...");
        const std::string api = argv[1];
        const std::vector<std::string> a(argv + 2, argv + argc);
        if (api == "cast") CastProbe(a);
        else if (api == "binary") BinaryProbe(a);
        else if (api == "scalar") ScalarProbe(a);
        else if (api == "axpy") AxpyProbe(a);
        else if (api == "compare") CompareProbe(a, false);
        else if (api == "compares") CompareProbe(a, true);
        else if (api == "select") SelectProbe(a);
        else if (api == "reduce") ReduceProbe(a);
        else if (api == "padin") PadInProbe(a);
        else if (api == "padout") PadOutProbe(a);
        else if (api == "gather") GatherProbe(a);
        else if (api == "level0") Level0Probe(a);
        else throw std::runtime_error("unknown api " + api);
    });
}
