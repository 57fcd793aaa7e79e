// CPU model of asc-devkit 9.1.0 include/basic_api/kernel_operator_list_tensor_intf.h: ListTensorDesc, how a kernel
// reads a DYNAMIC (tensor-list) input. The descriptor in GM is decoded as impl/basic_api/dav_c220/
// kernel_operator_list_tensor_impl.h ListTensorDecode does (a test holds ListDescriptor below to it):
//   word 0: byte offset from the descriptor to its array of data pointers;
//   then one block per tensor: (dim | index << 32), dim dims (dim 0: one word 0xffffffff);
//   then the data pointers, one per tensor. The count is the high half of the first block's word when non-zero,
//   else the last block's index + 1.
// Only the members the scaffolded kernels call are modelled (constructor / Init, GetDataPtr, GetSize); TensorDesc and
// GetDesc are not. Kernels include this header by its asc-devkit path, as ops-math's arch35 add_n / eltwise do.
#ifndef CPU_MODEL_KERNEL_OPERATOR_LIST_TENSOR_INTF_H
#define CPU_MODEL_KERNEL_OPERATOR_LIST_TENSOR_INTF_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "../kernel_operator.h"

namespace AscendC {

class ListTensorDesc {
public:
    ListTensorDesc() {}
    ListTensorDesc(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff)
    {
        Init(data, length, shapeSize);
    }

    void Init(__gm__ void* data, uint32_t length = 0xffffffff, uint32_t shapeSize = 0xffffffff)
    {
        cpu_model::Check(data != nullptr, "ListTensorDesc::Init", "null descriptor");
        const uint8_t* base = static_cast<const uint8_t*>(data);
        const uint64_t dataPtrOffset = Word(base, 0);
        const uint64_t first = Word(base, 1);
        const uint32_t dim = static_cast<uint32_t>(first & 0xffffffffULL);
        const uint32_t offset = static_cast<uint32_t>(first >> 32);
        const uint32_t descWords = dim == 0 ? 2U : 1U + dim;
        cpu_model::Check(dataPtrOffset % sizeof(uint64_t) == 0 && dataPtrOffset >= (1 + descWords) * sizeof(uint64_t),
                         "ListTensorDesc::Init", "data pointer offset " + std::to_string(dataPtrOffset) +
                                                     " does not follow one shape block");
        const uint64_t ptrWord = dataPtrOffset / sizeof(uint64_t);
        count_ = offset != 0 ? offset : static_cast<uint32_t>(Word(base, ptrWord - descWords) >> 32) + 1;
        const bool consistent = dim != 0
            ? count_ == (dataPtrOffset - sizeof(uint64_t)) / (descWords * sizeof(uint64_t))
            : Word(base, 2) == 0xffffffffULL && dataPtrOffset == 24;
        cpu_model::Check(consistent, "ListTensorDesc::Init",
                         "the descriptor's count " + std::to_string(count_) + " does not match its layout (the ASSERT "
                         "of ListTensorDecode)");
        if (length != 0xffffffff && shapeSize != 0xffffffff) {
            cpu_model::Check(count_ == shapeSize && length == dataPtrOffset + count_ * sizeof(uint64_t),
                             "ListTensorDesc::Init", "length / shapeSize do not match the descriptor");
        }
        pointers_ = base + dataPtrOffset;
    }

    template <class T>
    __gm__ T* GetDataPtr(uint32_t index)
    {
        cpu_model::Check(index < count_, "ListTensorDesc::GetDataPtr",
                         "index " + std::to_string(index) + " of a list of " + std::to_string(count_));
        uint64_t address = 0;
        std::memcpy(&address, pointers_ + static_cast<size_t>(index) * sizeof(uint64_t), sizeof(address));
        return reinterpret_cast<__gm__ T*>(static_cast<uintptr_t>(address));
    }

    uint32_t GetSize() { return count_; }

private:
    static uint64_t Word(const uint8_t* base, uint64_t index)
    {
        uint64_t word = 0;
        std::memcpy(&word, base + index * sizeof(uint64_t), sizeof(word));
        return word;
    }

    const uint8_t* pointers_ = nullptr;
    uint32_t count_ = 0;
};

}  // namespace AscendC

namespace cpu_model {
// A descriptor of `tensors` (GM buffers of one shape) in the layout above, in GM, for drivers of list kernels: what
// the framework hands a kernel for a DYNAMIC input.
inline uint8_t* ListDescriptor(const std::vector<uint8_t*>& tensors, const std::vector<int64_t>& dims)
{
    const uint64_t dim = dims.size();
    const uint64_t descWords = dim == 0 ? 2 : 1 + dim;
    const uint64_t count = tensors.size();
    std::vector<uint64_t> words;
    words.push_back((1 + count * descWords) * sizeof(uint64_t));
    for (uint64_t i = 0; i < count; ++i) {
        words.push_back(dim | (i << 32));
        if (dim == 0) {
            words.push_back(0xffffffffULL);
        }
        for (int64_t d : dims) {
            words.push_back(static_cast<uint64_t>(d));
        }
    }
    for (uint8_t* tensor : tensors) {
        words.push_back(static_cast<uint64_t>(reinterpret_cast<uintptr_t>(tensor)));
    }
    uint8_t* gm = GmAlloc(words.size() * sizeof(uint64_t));
    std::memcpy(gm, words.data(), words.size() * sizeof(uint64_t));
    return gm;
}
}  // namespace cpu_model

#endif  // CPU_MODEL_KERNEL_OPERATOR_LIST_TENSOR_INTF_H
