"""The lexical scan behind the reach index: what each head opens, what each definition uses, its linkage."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.aclnn.reach_scan import scan


def _defs(source: str):
    return {("::".join(d.qualifier + (d.name,)), d.kind): d for d in scan(source.encode()).definitions}


def _names(source: str) -> list[tuple[str, str]]:
    return sorted(_defs(source))


@pytest.mark.parametrize("source, expected", [
    # a namespace after macro invocations written without `;`
    ("REGISTER_TILING_DATA_CLASS(A, B)\nnamespace optiling {\nvoid Run() { Go(); }\n}\n",
     [("optiling::Run", "function")]),
    # a class after such a macro, with bases
    ("REG(X)\nclass Node final : public Base<int> {\npublic:\n    int Run() override { return Go(); }\n};\n",
     [("Node", "class"), ("Node::Run", "function")]),
    ("struct alignas(8) Pod { int a; };\n", []),
    ("enum class Mode : int { A = 1, B = Go() };\nvoid F() {}\n", [("F", "function")]),
    ('extern "C" {\nint Api(int x) { return Go(x); }\n}\n', [("Api", "function")]),
    ("template <typename T, typename = std::enable_if_t<(sizeof(T) > 1)>>\nT Max(T a, T b) { return Go(a, b); }\n",
     [("Max", "function")]),
    ("void Fill(std::vector<int> v = {}, int n = Default()) { Go(v); }\n", [("Fill", "function")]),
    ("aclnnStatus Ops::Mm::Graph::Run() const\n{\n    return Go();\n}\n", [("Ops::Mm::Graph::Run", "function")]),
    ("Graph::~Graph() { Release(); }\n", [("Graph::~Graph", "function")]),
    ("struct Foo* Make(int x) { return New(x); }\n", [("Make", "function")]),
    ("auto Twice(int x) -> decltype(Go(x)) { return Go(x); }\n", [("Twice", "function")]),
    ("IMPL_OP_OPTILING(Foo).Tiling([](Context* c) -> ge::graphStatus { return Go(c); });\n", []),
    ("const std::vector<Fn> kFns{RunA, RunB};\nint kZero = 0;\n", [("kFns", "variable")]),
    ("static auto kFn = [](int x) { return Go(x); };\n", [("kFn", "variable")]),
    ("class Holder {\n    Fn fn_ = &Run;\n    int n_ = 0;\n};\n", [("Holder", "class"), ("Holder::fn_", "variable")]),
])
def test_heads(source, expected) -> None:
    assert _names(source) == expected


def test_bodies_use_names_outside_qualifier_position() -> None:
    defs = _defs("void Entry(){\n  Foo x(a);\n  auto p = std::make_unique<Bar>();\n  obj.Method();\n  ptr->Other();\n"
                 "  Table::kEntries.at(0)();\n  Use(&Cls::Fn);\n  auto l = [&]() { Inner(); };\n}\n")
    refs = defs["Entry", "function"].refs
    assert {b"Foo", b"Bar", b"Method", b"Other", b"kEntries", b"Fn", b"Inner", b"x"} <= refs
    assert b"make_unique" not in refs  # the standard library's own: what it constructs (Bar) is the use
    assert b"std" not in refs and b"Table" not in refs and b"Cls" not in refs


def test_constructor_member_initializers_belong_to_the_constructor() -> None:
    source = ("class Guard {\npublic:\n    Guard(const aclTensor* x, aclOpExecutor* e)\n"
              "        : out_{l0op::Contiguous(x, e)}, n_(Count(x))\n    {}\n    const aclTensor* out_;\n};\n")
    constructor = _defs(source)["Guard::Guard", "function"]
    assert [(s.kind, s.name, s.line) for s in constructor.sites] == [("l0op", "l0op::Contiguous", 4)]
    assert b"Count" in constructor.refs


def test_comments_strings_and_directives_do_not_count() -> None:
    source = ('void A() {\n    OP_LOGE(ERR, "unbalanced { in a message");\n    // } a comment\n    char c = \'}\';\n'
              "    /* ADD_TO_LAUNCHER_LIST_AICORE(Foo) */\n#if 0\n    l0op::Ghost(x);\n#endif\n}\nvoid B() {}\n")
    defs = _defs(source)
    assert sorted(defs) == [("A", "function"), ("B", "function")]
    assert [s.name for s in defs["A", "function"].sites] == ["l0op::Ghost"]  # both #if branches are kept
    assert scan(source.encode()).unbalanced is None


def test_launch_sites_and_lines() -> None:
    source = ("namespace l0op {\nconst aclTensor* Foo(const aclTensor* x, aclOpExecutor* executor)\n{\n"
              "    auto ret = ADD_TO_LAUNCHER_LIST_AICPU(Foo, OP_INPUT(x));\n    Bar(x, executor);\n"
              "    aclnnInnerFooGetWorkspaceSize(x);\n    return CreatDSAKernelLauncher(\"Foo\", executor);\n}\n}\n")
    foo = _defs(source)["l0op::Foo", "function"]
    assert [(s.kind, s.name, s.line) for s in foo.sites] == [
        ("AI_CPU", "Foo", 4), ("generated", "aclnnInnerFooGetWorkspaceSize", 6), ("DSA", "CreatDSAKernelLauncher", 7)]
    assert {"Bar", "OP_INPUT"} <= foo.free_calls and "aclnnInnerFooGetWorkspaceSize" in foo.free_calls


def test_macros_are_definitions() -> None:
    source = ("#define LAUNCH_ABS(x, e) \\\n    l0op::Abs(x, e)\n"
              "#define ADD_TO_LAUNCHER_LIST_AICORE(KERNEL, ...) CreatAiCoreKernelLauncher(#KERNEL)\n")
    macros = _defs(source)
    assert list(macros) == [("LAUNCH_ABS", "macro")]  # the framework's own launcher macro is the site itself
    assert [(s.name, s.line) for s in macros["LAUNCH_ABS", "macro"].sites] == [("l0op::Abs", 2)]


@pytest.mark.parametrize("source, name, linkage", [
    ("static void Helper() {}\n", "Helper", "internal"),
    ("namespace {\nvoid Helper() {}\n}\n", "Helper", "internal"),
    ('extern "C" {\nnamespace {\naclnnStatus Helper() { return Go(); }\n}\n}\n', "Helper", "c-unnamed"),
    ('extern "C" {\nnamespace {\nstatic aclnnStatus Helper() { return Go(); }\n}\n}\n', "Helper", "internal"),
    ("void Helper() {}\n", "Helper", "external"),
    ("static const Table kTable = {{0, &Run}};\n", "kTable", "internal"),
    ("const Table kTable = {{0, &Run}};\n", "kTable", "external"),  # a header may declare it extern
    ("extern const Table kTable = {{0, &Run}};\n", "kTable", "external"),
    ("const Table Holder::kTable = {{0, &Run}};\n", "kTable", "external"),
    ("class Op {\npublic:\n    void Run() { Go(); }\n};\n", "Run", "file"),
    ("class Op {\npublic:\n    Op(int x) { Go(x); }\n};\n", "Op", "file"),
    ("class Op : public Base {\npublic:\n    void Run() override { Go(); }\n};\n", "Run", "external"),
    ("class Op : public Base {\npublic:\n    Op() { Go(); }\n};\n", "Op", "file"),
    ("class Op { void Run(); };\nvoid Op::Run() { Go(); }\n", "Run", "file"),
    ("class Op : Base { void Run(); };\nvoid Op::Run() { Go(); }\n", "Run", "external"),
    ("void Elsewhere::Run() { Go(); }\n", "Run", "external"),
    ("#define RUN(x) Go(x)\n", "RUN", "file"),
    # A static method never overrides: it is called through the class, which only this file (or an includer) names.
    ("class Op : public Base {\npublic:\n    static int Check() { return Go(); }\n};\n", "Check", "file"),
    # Bases this file defines (transitively) can only be called through from code that sees this file.
    ("class Root {\n    virtual void Run() {}\n};\nclass Op : public Root {\n    void Run() override { Go(); }\n};\n",
     "Run", ["file", "file"]),
    ("class Root : public Base {};\nclass Op : public Root {\n    void Run() override { Go(); }\n};\n", "Run",
     "external"),
    ("namespace a {\nclass Root {};\n}\nnamespace b {\nclass Op : public Root {\n    void Run() override { Go(); }\n"
     "};\n}\n", "Run", "external"),  # inside namespace b, `Root` may be another file's b::Root, not a::Root
    ("namespace a {\nclass Root {};\nnamespace b {\nclass Op : public Root {\n    void Run() { Go(); }\n};\n}\n}\n",
     "Run", "file"),
    ("class Op : public std::exception {\n    const char* what() const noexcept override { return Go(); }\n};\n",
     "what", "external"),  # a standard base is a base: std::exception::what is called from anywhere
])
def test_linkage(source, name, linkage) -> None:
    found = [d for d in scan(source.encode()).definitions if d.name == name and d.kind != "class"]
    assert [d.linkage for d in found] == (linkage if isinstance(linkage, list) else [linkage])


def test_unbalanced_braces_are_reported_where_they_start() -> None:
    source = "void A() {}\n#if X\nvoid B(int a) {\n#else\nvoid B() {\n#endif\n    Go();\n}\nvoid C() {}\n"
    assert scan(source.encode()).unbalanced == 3
    assert scan(b"void A() {}\n}\nvoid B() {}\n").unbalanced == 2


def test_pathological_heads_stay_linear() -> None:
    junk = "".join(f"REGISTER_X(a{n}, b{n} = {n})\n" for n in range(20000))
    source = junk + "class Big : public Base {\n    void Run() override { Go(); }\n};\n"
    assert ("Big::Run", "function") in _defs(source)
    deep = "void Deep() " + "{" * 5000 + "Go();" + "}" * 5000 + "\n"
    assert _defs(deep)["Deep", "function"].refs == frozenset({b"Go"})


def test_names_the_standard_library_qualifies_are_no_uses() -> None:
    """`std::to_string(code)` cannot call the repository's `to_string` (a program may not add functions to `std`);
    what is given to it can (`std::invoke(RunA)`), and so can an unqualified or otherwise qualified use."""
    defs = _defs("void A() {\n    Report(std::to_string(code), ::std::move(x), std::invoke(RunA));\n"
                 "    Ops::Base::ToString(y);\n    to_upper(z);\n}\n")
    refs = defs["A", "function"].refs
    assert {b"Report", b"RunA", b"ToString", b"to_upper"} <= refs
    assert not {b"to_string", b"move", b"invoke"} & refs
