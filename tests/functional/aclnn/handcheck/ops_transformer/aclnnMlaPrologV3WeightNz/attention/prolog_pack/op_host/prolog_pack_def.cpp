/* Test fixture written for op-migrate in the idiom of an ops-transformer OpDef (not CANN code). */
#include "register/op_def_registry.h"

namespace ops {
class PrologPack : public OpDef {
public:
    explicit PrologPack(const char* name) : OpDef(name)
    {
        this->Input("token_x").ParamType(REQUIRED).DataTypeList({ge::DT_BF16}).FormatList({ge::FORMAT_ND});
        this->Input("weight_dq").ParamType(REQUIRED).DataTypeList({ge::DT_BF16}).FormatList({ge::FORMAT_FRACTAL_NZ});
        this->Input("cache_index").ParamType(OPTIONAL).DataTypeList({ge::DT_INT64}).FormatList({ge::FORMAT_ND});
        this->Output("query").ParamType(REQUIRED).DataTypeList({ge::DT_BF16}).FormatList({ge::FORMAT_ND});
        this->Output("query_scale").ParamType(OPTIONAL).DataTypeList({ge::DT_FLOAT}).FormatList({ge::FORMAT_ND});
        this->Attr("epsilon").AttrType(OPTIONAL).Float(1e-5f);
        this->Attr("cache_mode").AttrType(OPTIONAL).String("PA_BSND");

        OpAICoreConfig coreConfig;
        coreConfig.DynamicCompileStaticFlag(true).DynamicShapeSupportFlag(true);
        this->AICore().AddConfig("ascend910b", coreConfig);
        this->AICore().AddConfig("ascend910_93", coreConfig);
    }
};

OP_ADD(PrologPack);
} // namespace ops
