// ListTensorDesc of the CPU model against descriptors in the layout of asc-devkit's dav_c220 ListTensorDecode:
// `list_tensor_cases layout N` decodes a hand-written descriptor of N tensors of dims [2, 45] and prints GetSize and
// whether each GetDataPtr is the tensor; `helper N` does the same with cpu_model::ListDescriptor; `beyond` reads
// index 2 of a list of 2 (a ConstraintError); `miscount` decodes a descriptor whose pointer offset does not match.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "cpu_model/driver.h"
#include "basic_api/kernel_operator_list_tensor_intf.h"

static std::vector<uint8_t*> Tensors(uint32_t n)
{
    std::vector<uint8_t*> tensors;
    for (uint32_t i = 0; i < n; ++i) {
        tensors.push_back(cpu_model::GmAlloc(64));
    }
    return tensors;
}

static void Print(AscendC::ListTensorDesc& list, const std::vector<uint8_t*>& tensors)
{
    std::printf("%u", list.GetSize());
    for (uint32_t i = 0; i < tensors.size(); ++i) {
        std::printf(" %d", list.GetDataPtr<uint8_t>(i) == tensors[i] ? 1 : 0);
    }
    std::printf("\n");
}

int main(int argc, char** argv)
{
    return cpu_model::Guarded([&] {
        const std::string what = argc > 1 ? argv[1] : "";
        const uint32_t n = argc > 2 ? static_cast<uint32_t>(std::atoi(argv[2])) : 2;
        std::vector<uint8_t*> tensors = Tensors(n);
        if (what == "layout" || what == "miscount") {
            // word 0: byte offset of the pointer array; per tensor (dim | index << 32), dims; then the pointers
            std::vector<uint64_t> words{(1 + 3ULL * n) * sizeof(uint64_t) + (what == "miscount" ? 8 : 0)};
            for (uint64_t i = 0; i < n; ++i) {
                words.insert(words.end(), {2 | (i << 32), 2, 45});
            }
            if (what == "miscount") {
                words.push_back(0);
            }
            for (uint8_t* tensor : tensors) {
                words.push_back(reinterpret_cast<uint64_t>(tensor));
            }
            uint8_t* gm = cpu_model::GmAlloc(words.size() * sizeof(uint64_t));
            std::memcpy(gm, words.data(), words.size() * sizeof(uint64_t));
            AscendC::ListTensorDesc list(reinterpret_cast<__gm__ void*>(gm));
            Print(list, tensors);
        } else if (what == "helper") {
            AscendC::ListTensorDesc list;
            list.Init(reinterpret_cast<__gm__ void*>(cpu_model::ListDescriptor(tensors, {2, 45})));
            Print(list, tensors);
        } else if (what == "beyond") {
            AscendC::ListTensorDesc list(reinterpret_cast<__gm__ void*>(cpu_model::ListDescriptor(tensors, {8})));
            (void)list.GetDataPtr<float>(n);
        }
    });
}
