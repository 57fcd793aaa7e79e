// CPU model stand-in for the tiling-template declarations: they only feed bisheng's kernel instantiation, so here
// they expand to nothing and the kernel's template arguments are chosen by the test driver.
#ifndef CPU_MODEL_TEMPLATE_ARGUMENT_H
#define CPU_MODEL_TEMPLATE_ARGUMENT_H

#define ASCENDC_TPL_ARGS_DECL(...)
#define ASCENDC_TPL_DTYPE_DECL(...)
#define ASCENDC_TPL_DATATYPE_DECL(...)
#define ASCENDC_TPL_FORMAT_DECL(...)
#define ASCENDC_TPL_UINT_DECL(...)
#define ASCENDC_TPL_BOOL_DECL(...)
#define ASCENDC_TPL_KERNEL_TYPE_DECL(...)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_DECL(...)
#define ASCENDC_TPL_SEL(...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_DTYPE_SEL(...)
#define ASCENDC_TPL_DATATYPE_SEL(...)
#define ASCENDC_TPL_FORMAT_SEL(...)
#define ASCENDC_TPL_UINT_SEL(...)
#define ASCENDC_TPL_BOOL_SEL(...)
#define ASCENDC_TPL_KERNEL_TYPE_SEL(...)
#define ASCENDC_TPL_SHARED_KERNEL_TYPE_SEL(...)

#endif  // CPU_MODEL_TEMPLATE_ARGUMENT_H
