/* Test fixture written for op-migrate in the idiom of an ops-transformer OpDef (not CANN code). */
#include "register/op_def_registry.h"

namespace ops {
class RouteMerge : public OpDef {
public:
    explicit RouteMerge(const char* name) : OpDef(name)
    {
        this->Input("expand_x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_BF16, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("expert_ids")
            .ParamType(REQUIRED)
            .DataType({ge::DT_INT32, ge::DT_INT32})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Input("expert_scales")
            .ParamType(REQUIRED)
            .DataType({ge::DT_FLOAT, ge::DT_FLOAT})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("x")
            .ParamType(REQUIRED)
            .DataType({ge::DT_BF16, ge::DT_FLOAT16})
            .Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Attr("group_ep").AttrType(REQUIRED).String();
        this->Attr("ep_world_size").AttrType(REQUIRED).Int();
        this->Attr("group_tp").AttrType(OPTIONAL).String("");

        OpAICoreConfig coreConfig;
        coreConfig.DynamicCompileStaticFlag(true).DynamicShapeSupportFlag(true);
        this->AICore().AddConfig("ascend910_93", coreConfig);
        this->AICore().AddConfig("ascend910b", coreConfig);
    }
};

OP_ADD(RouteMerge);
} // namespace ops
