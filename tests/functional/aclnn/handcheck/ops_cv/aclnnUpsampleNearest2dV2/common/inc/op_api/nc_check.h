/* Test fixture written for op-migrate in the idiom of an ops-cv common header (not CANN code). */
#ifndef HANDCHECK_NC_CHECK_H
#define HANDCHECK_NC_CHECK_H
#include "opdev/common_types.h"
#include "opdev/op_log.h"

namespace op {
// N and C of an image tensor, read where its storage format puts them; any other format is refused.
static inline bool SameBatchAndChannels(const aclTensor* x, const aclTensor* y)
{
    auto format = x->GetStorageFormat();
    size_t channelAxis = 0;
    if (format == op::Format::FORMAT_NCHW) {
        channelAxis = 1;
    } else if (format == op::Format::FORMAT_NHWC) {
        channelAxis = 3;
    } else {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "only NCHW and NHWC images are accepted.");
        return false;
    }
    const auto& xShape = x->GetViewShape();
    const auto& yShape = y->GetViewShape();
    return xShape.GetDim(0) == yShape.GetDim(0) && xShape.GetDim(channelAxis) == yShape.GetDim(channelAxis);
}
} // namespace op
#endif
