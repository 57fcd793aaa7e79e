"""The tree-sitter front end on small sources in the ops-math idioms: names, statements, expressions, macros."""

from __future__ import annotations

from op_migrate.analyzers.cxx import CxxUnit, Stmt, parse_source


def _unit(code: str) -> CxxUnit:
    return parse_source(code.encode(), "snippet.cpp")


def _body(code: str, name: str = "F") -> tuple[Stmt, ...]:
    unit = _unit(code)
    function = unit.function(name)
    assert function is not None, [f.name for f in unit.functions]
    return function.body


def test_function_names_are_qualified_by_namespace_and_class() -> None:
    unit = _unit(
        "namespace l0op { const aclTensor* FloorMod(const aclTensor* a, aclOpExecutor* e) { return a; } }\n"
        "namespace op { class Foo { public: int Bar() const { return 1; } }; int Foo::Baz(int x) { return x; } }\n"
        "namespace { static int Hidden() { return 0; } }\n"
        "namespace a::b { void Deep() {} }\n"
    )
    names = [f.name for f in unit.functions]
    assert names == ["l0op::FloorMod", "op::Foo::Bar", "op::Foo::Baz", "Hidden", "a::b::Deep"]
    floor_mod = unit.function("FloorMod")
    assert floor_mod.return_type == "const aclTensor*"
    assert [(p.name, p.type_text) for p in floor_mod.params] == [("a", "const aclTensor*"), ("e", "aclOpExecutor*")]
    assert unit.function("Hidden").is_static and not floor_mod.is_static


def test_statement_kinds_in_source_order() -> None:
    body = _body(
        "int F(int n) {\n"
        "  auto a = g(n), b = 2;\n"
        "  a = h(a);\n"
        "  k(a);\n"
        "  for (int i = 0; i < n; ++i) { if (i == 3) { break; } else { continue; } }\n"
        "  while (a > 0) a--;\n"
        "  { int inner = 1; }\n"
        "  return a;\n"
        "}\n"
    )
    assert [(s.kind, s.line, s.target) for s in body] == [
        ("decl", 2, "a"), ("decl", 2, "b"), ("assign", 3, "a"), ("expr", 4, None),
        ("block", 5, None), ("loop", 6, None), ("block", 7, None), ("return", 8, None),
    ]
    init, loop = body[4].then  # a `for`'s init runs first, in a scope of the loop's own
    assert (init.kind, init.target, init.value.text) == ("decl", "i", "0")
    assert [(s.kind, s.text) for s in loop.orelse] == [("expr", "++i")]  # the update clause
    assert loop.value.text == "i < n" and loop.then[0].kind == "if"
    assert [s.kind for s in loop.then[0].then] == ["break"] and [s.kind for s in loop.then[0].orelse] == ["continue"]
    assert body[0].type_text == "auto" and body[0].value.name == "g"


def test_for_header_clauses_are_statements() -> None:
    (scope,) = _body("void F() { for (i = 0, j = 10; i < j; i++, j--) {} }")
    init, loop = scope.then
    assert (init.kind, init.text, loop.value.text) == ("expr", "i = 0, j = 10", "i < j")
    assert [s.text for s in loop.orelse] == ["i++, j--"]
    bare = _body("void F() { for (; k < 4;) { k++; } }")[0]
    assert bare.kind == "loop" and bare.orelse == () and [s.text for s in bare.then] == ["k++;"]


def test_if_and_switch_initialisers_come_first() -> None:
    (scope,) = _body("void F() { if (auto y = G(); y != nullptr) { H(y); } }")
    decl, branch = scope.then
    assert (decl.kind, decl.target, branch.kind, branch.value.text) == ("decl", "y", "if", "y != nullptr")
    (chain,) = _body("void F() { if (a) { x(); } else if (int k = 2; k == 3) { y(); } }")
    (inner_scope,) = chain.orelse
    assert [s.kind for s in inner_scope.then] == ["decl", "if"] and inner_scope.then[0].target == "k"
    (switch_scope,) = _body("void F() { switch (int k = 2; k) { case 2: y(); break; } }")
    assert [s.kind for s in switch_scope.then] == ["decl", "switch"]


def test_else_if_chain_nests_in_orelse() -> None:
    (chain,) = _body("void F() { if (a) { x(); } else if (!b && c) { y(); } else { z(); } }")
    assert chain.value.text == "a"
    (inner,) = chain.orelse
    assert inner.kind == "if" and inner.value.kind == "binary" and inner.value.name == "&&"
    assert inner.value.children[0].kind == "unary" and inner.value.children[0].name == "!"
    assert [s.value.name for s in inner.then] == ["y"] and [s.value.name for s in inner.orelse] == ["z"]


def test_switch_arms_keep_fallthrough_labels_and_default() -> None:
    (switch,) = _body(
        "int F(SocVersion v) { switch (v) { case SocVersion::ASCEND910B: case SocVersion::ASCEND910_93: { return 1; }"
        " case SocVersion::ASCEND910: return 2; default: log(); return 0; } }"
    )
    assert switch.kind == "switch" and switch.value.text == "v"
    assert [(c.label, [s.kind for s in c.body]) for c in switch.cases] == [
        ("SocVersion::ASCEND910B", []), ("SocVersion::ASCEND910_93", ["return"]), ("SocVersion::ASCEND910", ["return"]),
        (None, ["expr", "return"]),
    ]


def test_guard_expressions_are_structured() -> None:
    (guard,) = _body(
        "void F() { if (socVersion >= SocVersion::ASCEND910B && socVersion <= SocVersion::ASCEND910_93 ||"
        " op::CheckType(self->GetDataType(), AICPU_LIST)) {} }"
    )
    condition = guard.value
    assert (condition.kind, condition.name) == ("binary", "||")
    left, right = condition.children
    assert (left.name, [c.name for c in left.children]) == ("&&", [">=", "<="])
    assert left.children[0].children[1].kind == "name" and left.children[0].children[1].name == "SocVersion::ASCEND910B"
    assert (right.kind, right.name) == ("call", "op::CheckType")
    member_call, list_name = right.children
    assert (member_call.kind, member_call.name, list_name.name) == ("call", "self->GetDataType", "AICPU_LIST")
    assert member_call.children == ()


def test_ternary_call_chains_and_init_lists() -> None:
    body = _body(
        "void F() {\n"
        "  auto x = c ? l0op::Cast(a, DT_FLOAT, executor) : a;\n"
        "  auto t = uniqueExecutor.get()->ConvertToTensor(other, castDtype);\n"
        "  auto out = executor->AllocTensor(op::Shape{count / 8}, DT_UINT8);\n"
        "  std::vector<op::DataType> v = {DT_FLOAT, DT_FLOAT16};\n"
        "}\n"
    )
    ternary = body[0].value
    assert ternary.kind == "ternary" and [c.kind for c in ternary.children] == ["name", "call", "name"]
    chained = body[1].value
    assert chained.name == "uniqueExecutor.get()->ConvertToTensor"
    assert [c.name for c in chained.calls()] == ["uniqueExecutor.get()->ConvertToTensor", "uniqueExecutor.get"]
    alloc = body[2].value
    assert alloc.name == "executor->AllocTensor" and alloc.children[0].text == "op::Shape{count / 8}"
    init = body[3].value
    assert init.kind == "init_list" and [c.text for c in init.children] == ["DT_FLOAT", "DT_FLOAT16"]


def test_globals_includes_and_registration_macros() -> None:
    unit = _unit(
        '#include "opdev/op_dfx.h"\n#include <vector>\n'
        "static const std::initializer_list<op::DataType> LIST = {op::DataType::DT_FLOAT, op::DataType::DT_BF16};\n"
        "constexpr int64_t LIMIT = 8;\n"
        "namespace l0op {\nOP_TYPE_REGISTER(FloorMod);\n"
        "namespace { const std::initializer_list<DataType> AICPU = {DataType::DT_DOUBLE}; }\n}\n"
        "int declared_only;\n"
    )
    assert unit.includes == ("opdev/op_dfx.h", "vector")
    assert [(g.name, g.type_text, g.value.kind, len(g.value.children)) for g in unit.globals] == [
        ("LIST", "const std::initializer_list<op::DataType>", "init_list", 2),
        ("LIMIT", "constexpr int64_t", "literal", 0),
        ("l0op::AICPU", "const std::initializer_list<DataType>", "init_list", 1),
    ]
    assert [(c.kind, c.name, c.text) for c in unit.toplevel_calls] == [
        ("call", "OP_TYPE_REGISTER", "OP_TYPE_REGISTER(FloorMod)")
    ]
    assert unit.findings == ()


def test_macros_used_like_calls_do_not_derail_the_function() -> None:
    code = (
        "const aclTensor* F(const aclTensor* a, const aclTensor* b, aclTensor* out, aclOpExecutor* executor) {\n"
        "  L2_DFX_PHASE_1(aclnnX, DFX_IN(a, b), DFX_OUT(out));\n"
        "  auto uniqueExecutor = CREATE_EXECUTOR();\n"
        "  L0_DFX(FloorMod, a, b);\n"
        "  static internal::AicpuTaskSpace space(\"FloorMod\", ge::DEPEND_IN_SHAPE, true);\n"
        "  OP_CHECK_NULL(a, return false);\n"
        "  OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, \"failed, %d\", ret), return nullptr);\n"
        "  CHECK_RET(ret == ACLNN_SUCCESS, ret);\n"
        "  ADD_TO_LAUNCHER_LIST_AICORE(FloorMod, OP_INPUT(a, b), OP_OUTPUT(out));\n"
        "  OP_CHECK(a != nullptr, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, \"a\"), return);\n"
        "  return out;\n"
        "}\n"
    )
    unit = _unit(code)
    assert unit.findings == ()
    body = unit.function("F").body
    assert [s.kind for s in body] == ["expr", "decl", "expr", "decl", "expr", "expr", "expr", "expr", "expr", "return"]
    assert [s.line for s in body] == list(range(2, 12))
    space = body[3]
    assert (space.target, space.type_text, space.value.kind, space.value.name) == (
        "space", "internal::AicpuTaskSpace", "call", "internal::AicpuTaskSpace")
    assert [c.text for c in space.value.children] == ['"FloorMod"', "ge::DEPEND_IN_SHAPE", "true"]
    null_check = body[4].value
    assert null_check.name == "OP_CHECK_NULL"
    assert [(c.kind, c.text) for c in null_check.children] == [("name", "a"), ("other", "return false")]
    op_check = body[5].value
    assert [c.kind for c in op_check.children] == ["binary", "call", "other"]
    assert op_check.children[2].text == "return nullptr" and op_check.children[2].name == "return"
    launch = body[7].value
    assert launch.name == "ADD_TO_LAUNCHER_LIST_AICORE"
    assert [c.name for c in launch.children] == ["FloorMod", "OP_INPUT", "OP_OUTPUT"]
    assert body[8].value.children[2].text == "return"


def test_return_inside_a_string_or_lambda_is_left_alone() -> None:
    body = _body('void F() { log("(, return x)"); std::sort(a, b, [](int x) { return x < 0; }); }')
    assert body[0].value.children[0].text == '"(, return x)"'
    assert body[1].value.children[2].kind == "lambda"


def test_calls_inside_lambdas_are_visible() -> None:
    (decl,) = _body("void F() { auto cast = [&](const aclTensor* t) { if (t) { return l0op::Cast(t, DT_FLOAT, e); }"
                    " return g(h(t)); }; }")
    assert decl.value.kind == "lambda"
    assert [c.name for c in decl.value.calls()] == ["l0op::Cast", "g", "h"]


def test_extern_c_guards_keep_functions_at_file_scope() -> None:
    unit = _unit(
        "#ifdef __cplusplus\nextern \"C\" {\n#endif\n"
        "aclnnStatus aclnnFoo(int a) { return ACLNN_SUCCESS; }\n"
        "#ifdef __cplusplus\n}\n#endif\n"
    )
    assert [f.name for f in unit.functions] == ["aclnnFoo"] and unit.findings == ()


def test_preprocessor_conditionals_in_bodies_keep_both_branches() -> None:
    (branch,) = _body("void F() {\n#if defined(LEGACY)\n  a();\n#else\n  b();\n#endif\n}\n")
    assert branch.kind == "if" and branch.value.text == "#if defined(LEGACY)"
    assert [s.value.name for s in branch.then] == ["a"] and [s.value.name for s in branch.orelse] == ["b"]


def test_unit_json_carries_the_schema() -> None:
    document = _unit("int F() { return 0; }").to_json()
    assert document["schema"] == "op-migrate/cxx-unit@1" and document["frontend"] == "tree-sitter"
    assert document["functions"][0]["body"][0]["kind"] == "return"


def test_extern_c_guard_variants_are_recognised() -> None:
    unit = _unit(
        "#if defined(__cplusplus)\r\nextern \"C\" {  // C linkage\r\n#endif\r\n"
        "int A() { return 1; }\r\n"
        "#if defined __cplusplus\r\n}\r\n#endif\r\n"
    )
    assert [f.name for f in unit.functions] == ["A"] and unit.findings == ()


def test_extern_c_guards_with_blank_lines_around_the_brace_are_recognised() -> None:
    unit = _unit(
        "#ifdef __cplusplus\n\nextern \"C\" {\n#endif\n"
        "aclnnStatus aclnnCos(int a) {\n  return ACLNN_SUCCESS;\n}\n\n"
        "#ifdef __cplusplus\n}\n\n#endif\n"
    )
    assert [f.name for f in unit.functions] == ["aclnnCos"] and unit.findings == ()


def test_a_brace_guard_that_does_not_end_in_endif_is_left_alone() -> None:
    from op_migrate.analyzers.cxx.source import mask_macro_idioms

    data = b"#ifdef __cplusplus\n}\nint x;\n#endif\n"
    assert mask_macro_idioms(data) == data

def test_masking_keeps_byte_offsets_and_lines() -> None:
    from op_migrate.analyzers.cxx.source import mask_macro_idioms

    data = b'#ifdef __cplusplus\nextern "C" {\n#endif\nF(a, return b);\nG(return);\n#ifdef __cplusplus\n}\n#endif\n'
    masked = mask_macro_idioms(data)
    assert len(masked) == len(data) and masked.count(b"\n") == data.count(b"\n")
    assert b"F(a, (void) b);" in masked and b"G(RETURN);" in masked and b'extern "C"' not in masked


def test_namespace_scope_conditionals_label_each_definition() -> None:
    unit = _unit(
        "#ifndef WIDGET_H\n#define WIDGET_H\n"
        "#if defined(FAST)\nstatic bool IsSupported() { return true; }\nstatic const int LIMIT = 1;\n"
        "#elif SLOW > 2\nstatic bool IsSupported() { return false; }\n"
        "#else\nstatic bool IsSupported() { return g(); }\n#endif\n"
        "int Always() { return 0; }\n#endif\n"
    )
    assert [(f.name, f.preproc) for f in unit.functions] == [
        ("IsSupported", ("#if defined(FAST)",)),
        ("IsSupported", ("not (#if defined(FAST))", "#elif SLOW > 2")),
        ("IsSupported", ("not (#if defined(FAST))", "not (#elif SLOW > 2)")),
        ("Always", ()),  # the include guard is not a condition
    ]
    assert [(g.name, g.preproc) for g in unit.globals] == [("LIMIT", ("#if defined(FAST)",))]


def test_return_after_a_comment_inside_a_macro_is_still_an_argument() -> None:
    body = _body(
        "int F() {\n"
        "  OP_CHECK(a, LOG(\"x\"), // the action\n    return false);\n"
        "  OP_CHECK(b, LOG(\"y\"), /* action */ return true);\n"
        "  return 0;\n}\n"
    )
    assert [s.value.children[2].text for s in body[:2]] == ["return false", "return true"]
    assert body[2].kind == "return"


def test_an_export_macro_before_the_return_type_is_no_parse_error() -> None:
    unit = _unit(
        "ACLNN_API aclnnStatus aclnnXGetWorkspaceSize(const aclTensor* self, aclOpExecutor** executor)\n"
        "{\n    return ACLNN_SUCCESS;\n}\n"
        "ACLNN_API int32_t aclnnGetY() { return 0; }\n"
        "extern \"C\" ACLNN_API aclnnStatus aclnnZ(const aclTensor* self) { return ACLNN_SUCCESS; }\n"
    )
    assert unit.findings == ()
    entry = unit.function("aclnnXGetWorkspaceSize")
    assert entry is not None and entry.return_type == "aclnnStatus" and entry.line == 1
    assert unit.function("aclnnGetY").return_type == "int32_t" and unit.function("aclnnZ") is not None


def test_default_values_stay_in_the_parameter_type_and_void_is_no_parameter() -> None:
    unit = _unit(
        "static bool Wide(void) { return true; }\n"
        "static void Raw(void* p) {}\n"
        "aclnnStatus Sum(const aclTensor* self, int64_t dim = -1, bool keep = false,\n"
        "                const aclTensor *out = nullptr, op::DataType dt = op::DataType::DT_FLOAT) { return 0; }\n"
    )
    assert unit.function("Wide").params == ()
    assert [(p.name, p.type_text) for p in unit.function("Raw").params] == [("p", "void*")]
    params = unit.function("Sum").params
    assert [(p.name, p.type_text) for p in params] == [
        ("self", "const aclTensor*"), ("dim", "int64_t = -1"), ("keep", "bool = false"),
        ("out", "const aclTensor* = nullptr"), ("dt", "op::DataType = op::DataType::DT_FLOAT")]
    assert [(p.declared_type, p.has_default) for p in params[2:4]] == [("bool", True), ("const aclTensor*", True)]
    assert not params[0].has_default and params[0].declared_type == "const aclTensor*"


def test_local_type_declarations_run_nothing() -> None:
    """`struct OutputCheck { ... };` or `enum class K { A };` in a body declares a type: no statement, no finding
    (before, an unparsed construct that left the route incomplete)."""
    unit = parse_source(b"bool F(const aclTensor* a)\n{\n    struct Check {\n        const aclTensor* out;\n    };\n"
                        b"    enum class K { A, B };\n    Check checks[] = {{a}};\n    return true;\n}\n", "local.cpp")
    assert [stmt.kind for stmt in unit.functions[0].body] == ["decl", "return"]
    assert unit.findings == ()


def test_a_stray_semicolon_in_macro_arguments_is_no_parse_error() -> None:
    """`OP_CHECK(c, OP_LOGE(...);, return false);` (ops-nn Sparse4to2QuantMatmul): tree-sitter keeps everything but
    the `;`, so nothing is left unread; another unparsable token still is reported."""
    code = ("bool F(const aclTensor* a)\n{\n    OP_CHECK(a != nullptr, OP_LOGE(1, \"x\");\n             , return false);\n"
            "    return true;\n}\n")
    assert [f.symbol for f in _unit(code).findings if f.symbol == "cxx-parse-error"] == []
    broken = "bool F(const aclTensor* a)\n{\n    int64_t x = @@ 3;\n    return true;\n}\n"
    assert [f.symbol for f in _unit(broken).findings] == ["cxx-parse-error"]
