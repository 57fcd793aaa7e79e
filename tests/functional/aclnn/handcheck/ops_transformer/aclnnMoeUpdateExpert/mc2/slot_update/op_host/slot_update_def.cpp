/* Test fixture written for op-migrate in the idiom of an ops-transformer OpDef (not CANN code). */
#include "register/op_def_registry.h"

namespace ops {
class SlotUpdate : public OpDef {
public:
    explicit SlotUpdate(const char* name) : OpDef(name)
    {
        this->Input("expert_ids")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT32, ge::DT_INT64})
            .FormatList({ge::FORMAT_ND});
        this->Input("table").ParamType(REQUIRED).DataTypeList({ge::DT_INT32}).FormatList({ge::FORMAT_ND});
        this->Input("active_mask").ParamType(OPTIONAL).DataTypeList({ge::DT_BOOL}).FormatList({ge::FORMAT_ND});
        this->Output("balanced_ids").ParamType(REQUIRED).DataType({ge::DT_INT32, ge::DT_INT64})
            .FormatList({ge::FORMAT_ND});
        this->Attr("rank_id").AttrType(OPTIONAL).Int(-1);

        OpAICoreConfig coreConfig;
        coreConfig.DynamicCompileStaticFlag(true).DynamicShapeSupportFlag(true);
        this->AICore().AddConfig("ascend910_93", coreConfig);
    }
};

OP_ADD(SlotUpdate);
} // namespace ops
