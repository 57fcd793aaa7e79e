// Sample kernel in the ops-math style for the CPU model: z = half((float(x) + float(y)) * scale).
// CopyIn -> Compute -> CopyOut over double-buffered queues, cores split by the host tiling, a padded tail tile.
#include "kernel_operator.h"
#include "sample_tiling.h"

using namespace AscendC;

namespace {

constexpr int32_t BUFFER_NUM = 2;

class KernelSampleScaledAdd {
public:
    __aicore__ inline KernelSampleScaledAdd() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR z, const SampleTilingData& tiling, TPipe* pipe)
    {
        const auto idx = static_cast<uint64_t>(GetBlockIdx());
        const uint64_t start = idx < tiling.formerNum
                                   ? idx * tiling.formerLength
                                   : tiling.formerNum * uint64_t{tiling.formerLength} +
                                         (idx - tiling.formerNum) * tiling.tailLength;
        const uint64_t span = idx < tiling.formerNum ? tiling.formerLength : tiling.tailLength;
        length_ = start >= tiling.totalLength ? 0 : (span < tiling.totalLength - start ? span : tiling.totalLength - start);
        tileLength_ = tiling.tileLength;
        scale_ = tiling.scale;
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(x) + start, length_);
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(y) + start, length_);
        zGm_.SetGlobalBuffer(reinterpret_cast<__gm__ half*>(z) + start, length_);
        pipe->InitBuffer(inQueueX_, BUFFER_NUM, tileLength_ * sizeof(half));
        pipe->InitBuffer(inQueueY_, BUFFER_NUM, tileLength_ * sizeof(half));
        pipe->InitBuffer(outQueueZ_, BUFFER_NUM, tileLength_ * sizeof(half));
        pipe->InitBuffer(xFloat_, tileLength_ * sizeof(float));
        pipe->InitBuffer(yFloat_, tileLength_ * sizeof(float));
    }

    __aicore__ inline void Process()
    {
        const uint64_t tiles = (length_ + tileLength_ - 1) / tileLength_;
        for (uint64_t i = 0; i < tiles; ++i) {
            const uint32_t count = static_cast<uint32_t>(
                length_ - i * tileLength_ < tileLength_ ? length_ - i * tileLength_ : tileLength_);
            CopyIn(i, count);
            Compute(count);
            CopyOut(i, count);
        }
    }

private:
    static __aicore__ inline uint32_t Aligned(uint32_t count) { return (count + 15) / 16 * 16; }

    __aicore__ inline void CopyIn(uint64_t tile, uint32_t count)
    {
        LocalTensor<half> xLocal = inQueueX_.AllocTensor<half>();
        LocalTensor<half> yLocal = inQueueY_.AllocTensor<half>();
        const DataCopyExtParams copy{1, count * static_cast<uint32_t>(sizeof(half)), 0, 0, 0};
        const DataCopyPadExtParams<half> pad{true, 0, static_cast<uint8_t>(Aligned(count) - count), half(0.0f)};
        DataCopyPad(xLocal, xGm_[tile * tileLength_], copy, pad);
        DataCopyPad(yLocal, yGm_[tile * tileLength_], copy, pad);
        inQueueX_.EnQue(xLocal);
        inQueueY_.EnQue(yLocal);
    }

    __aicore__ inline void Compute(uint32_t count)
    {
        const uint32_t n = Aligned(count);
        LocalTensor<half> xLocal = inQueueX_.DeQue<half>();
        LocalTensor<half> yLocal = inQueueY_.DeQue<half>();
        LocalTensor<half> zLocal = outQueueZ_.AllocTensor<half>();
        LocalTensor<float> xf = xFloat_.Get<float>();
        LocalTensor<float> yf = yFloat_.Get<float>();
        Cast(xf, xLocal, RoundMode::CAST_NONE, n);
        Cast(yf, yLocal, RoundMode::CAST_NONE, n);
        Add(xf, xf, yf, static_cast<int32_t>(n));
        Muls(xf, xf, scale_, static_cast<int32_t>(n));
        Cast(zLocal, xf, RoundMode::CAST_RINT, n);
        outQueueZ_.EnQue(zLocal);
        inQueueX_.FreeTensor(xLocal);
        inQueueY_.FreeTensor(yLocal);
    }

    __aicore__ inline void CopyOut(uint64_t tile, uint32_t count)
    {
        LocalTensor<half> zLocal = outQueueZ_.DeQue<half>();
        DataCopyPad(zGm_[tile * tileLength_], zLocal, DataCopyExtParams{1, count * static_cast<uint32_t>(sizeof(half)), 0, 0, 0});
        outQueueZ_.FreeTensor(zLocal);
    }

    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueX_;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQueueY_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQueueZ_;
    TBuf<TPosition::VECCALC> xFloat_;
    TBuf<TPosition::VECCALC> yFloat_;
    GlobalTensor<half> xGm_;
    GlobalTensor<half> yGm_;
    GlobalTensor<half> zGm_;
    uint64_t length_ = 0;
    uint32_t tileLength_ = 0;
    float scale_ = 1.0f;
};

}  // namespace

extern "C" __global__ __aicore__ void sample_scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace,
                                                         GM_ADDR tiling)
{
    (void)workspace;
    REGISTER_TILING_DEFAULT(SampleTilingData);
    GET_TILING_DATA_WITH_STRUCT(SampleTilingData, tilingData, tiling);
    TPipe pipe;
    KernelSampleScaledAdd op;
    op.Init(x, y, z, tilingData, &pipe);
    op.Process();
}
