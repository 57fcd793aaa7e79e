"""Every A2 rule the CPU model enforces, shown firing: runtime ConstraintErrors and compile-time rejections."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

CPP_DIR = Path(__file__).resolve().parent / "cpp"

RUNTIME_CASES = {
    "ub_overflow": "TPipe::InitBuffer: UB overflow: 0 bytes already reserved + 200000 requested > 196608",
    "ub_rounding_counts": "UB overflow: 196608 bytes already reserved + 32 requested",
    "too_many_buffers": "more than 8 queue buffers in position VECIN (10)",
    "deque_empty": "TQue::DeQue: DeQue on an empty queue",
    "alloc_beyond_buffers": "TQue::AllocTensor: all 1 buffers of the queue are in use",
    "enque_beyond_depth": "TQue::EnQue: queue depth 1 exceeded",
    "never_freed": "TQue (kernel end): a VECIN buffer was never freed (allocated)",
    "double_free": "TQue::FreeTensor: the tensor was already freed",
    "free_while_queued": "TQue::FreeTensor: the tensor is still enqueued",
    "free_tensor_of_other_queue": "TQue::FreeTensor: the tensor does not belong to this queue",
    "use_after_free": "LocalTensor::SetValue: LocalTensor used after FreeTensor released its buffer",
    "use_while_enqueued": "Adds: LocalTensor used while enqueued (after EnQue, before DeQue)",
    "datacopy_not_32_bytes": "DataCopy(GM->UB): 7 elements = 28 bytes is not a multiple of 32",
    "gm_out_of_bounds_copy": "DataCopy(GM->UB): GM access out of bounds: bytes [0, 128) of a GM buffer of 64 bytes",
    "gm_out_of_bounds_scalar": "GlobalTensor::SetValue: GM access out of bounds: bytes [64, 68)",
    "gm_not_from_gmalloc": "GlobalTensor::SetGlobalBuffer: the GM pointer was not allocated with cpu_model::GmAlloc",
    "ub_out_of_bounds": "Add: UB access out of bounds: bytes [0, 512) of a tensor with 256 bytes left",
    "ub_misaligned": "Adds: UB address 12 is not 32-byte aligned",
    "partial_overlap": "Add: source and destination overlap partially",
    "compare_256_bytes": "CompareScalar: count 100 x 4 bytes is not a multiple of 256 bytes",
    "shift_out_of_range": "ShiftLeft: shift 16 outside [0, 16)",
    "tbuf_get_too_large": "TBuf::Get: 257 elements exceed the buffer of 1024 bytes",
    "second_tpipe": "TPipe: a second TPipe while another is alive on this core",
    "waitflag_without_setflag": "WaitFlag: WaitFlag without a preceding SetFlag",
    "syncall_without_mix_kernel_type": "SyncAll: the hardware SyncAll needs KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0)",
    # with real threads the other cores may or may not be waiting yet, so only the verdict is fixed
    "syncall_core_returns_early_threads": "the device would hang",
    "syncall_core_returns_early_sequential": "core 2 returned while 2 core(s) wait in SyncAll; the device would hang",
    "syncall_more_cores_than_device": "SyncAll: blockDim 50 exceeds the physical vector cores",
    "reduce_dst_misaligned": "ReduceMin: UB address 516 is not 8-byte aligned",
    "gm_race_read_after_write": "DataCopy(GM->UB): GM race: core 1 reads byte 32 of a GM buffer that core 0 wrote since the last SyncAll",
    "gm_race_write_after_read": "DataCopy(UB->GM): GM race: core 0 writes byte 32 of a GM buffer that core 1 read since the last SyncAll",
    "scalar_writes_share_a_cache_line": "GlobalTensor::SetValue: scalar GM writes of cores 0 and 1 share the 64-byte line at byte 0",
    "pipe_sync_vector_reads_unsynced_copy": "wrote on pipe MTE2 (GM->UB), with no SetFlag/WaitFlag<HardEvent::MTE2_V>",
    "pipe_sync_scalar_reads_vector_result": "pipe S (scalar) reads UB bytes [0, 4) that Duplicate at ",
    "pipe_sync_copy_out_unsynced": "wrote on pipe V (vector), with no SetFlag/WaitFlag<HardEvent::V_MTE3>",
    "tiling_buffer_too_small": "GET_TILING_DATA: the tiling buffer is smaller than the tiling struct (16 bytes)",
    "select_scalar_needs_scalar_mode": "Select(scalar): a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE",
}

STATIC_CASES = {
    "div_int32": "Div: A2 supports half and float only",
    "abs_int16": "Abs: A2 supports half and float only",
    "add_int8": "Add: A2 supports int16_t, half, int32_t and float only",
    "mul_int64": "Mul: A2 supports int16_t, half, int32_t and float only",
    "add_double": "Add: A2 supports int16_t, half, int32_t and float only",
    "duplicate_uint8": "Duplicate: A2 supports 16- and 32-bit types only",
    "and_int32": "And: A2 supports int16_t and uint16_t only",
    "select_int32": "Select: A2 supports half and float only",
    "compare_int16": "Compare: A2 supports half, float and int32_t",
    "cast_int8_float": "Cast: this source/destination pair does not exist on A2",
    "cast_int32_half": "Cast int32_t -> half needs SetDeqScale",
    "cast_double": "Cast: this source/destination pair does not exist on A2",
    "gather_int8": "Gather: A2 supports 16- and 32-bit element types only",
    "reduce_int32": "ReduceMin/ReduceMax: A2 supports half and float only",
    "syncall_not_aiv_only": "SyncAll<false> waits for cube cores",
    "exp_int32": "Exp: A2 supports half and float only",
    "ln_int16": "Ln: A2 supports half and float only",
    "sqrt_int32": "Sqrt: A2 supports half and float only",
    "rsqrt_double": "Rsqrt: A2 supports half and float only",
    "reciprocal_bfloat16": "Reciprocal: A2 supports half and float only",
    "relu_int16": "Relu: A2 supports half, int32_t and float only",
    "leakyrelu_int32": "LeakyRelu: A2 supports half and float only",
    "axpy_half_from_float": "Axpy: A2 supports (dst, src) = (half, half), (float, float) and (float, half) only",
    "axpy_int16": "Axpy: A2 supports (dst, src) = (half, half), (float, float) and (float, half) only",
}


@pytest.fixture(scope="module")
def constraint_cases(cpu_model):
    return cpu_model.build_kernel([CPP_DIR / "constraint_cases.cpp"], name="constraint_cases")


def test_every_runtime_case_is_listed(cpu_model, constraint_cases):
    listed = cpu_model.gxx.run(constraint_cases, ["--list"]).stdout.decode().split()
    assert sorted(listed) == sorted(RUNTIME_CASES)


@pytest.mark.parametrize("case", sorted(RUNTIME_CASES))
def test_runtime_constraint_fires(cpu_model, constraint_cases, case):
    result = cpu_model.gxx.run(constraint_cases, [case], check=False, timeout=60)
    stderr = result.stderr.decode()
    assert result.returncode == 3, stderr
    assert stderr.startswith("ConstraintError: ")
    assert RUNTIME_CASES[case] in stderr


@pytest.fixture(scope="module")
def static_diagnostics(cpu_model) -> str:
    source = CPP_DIR / "static_cases.cpp"
    command = [cpu_model.gxx.compiler, "-std=c++17", "-fsyntax-only", "-fmax-errors=0", f"-I{cpu_model.include_dir}",
               str(source)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode != 0
    return result.stderr


def _case_line(case: str) -> int:
    for number, line in enumerate((CPP_DIR / "static_cases.cpp").read_text().splitlines(), start=1):
        if line.rstrip().endswith(f"// case: {case}"):
            return number
    raise AssertionError(f"case {case} not found in static_cases.cpp")


@pytest.mark.parametrize("case", sorted(STATIC_CASES))
def test_compile_time_constraint_fires(static_diagnostics, case):
    # g++ names the call site ("required from here") of each failed static_assert; the message must follow it.
    line = _case_line(case)
    site = re.search(rf"static_cases\.cpp:{line}:\d+:   required from here", static_diagnostics)
    assert site, f"no diagnostic for line {line}"
    after = static_diagnostics[site.end():]
    next_site = re.search(r"required from here", after)
    assert STATIC_CASES[case] in after[: next_site.start() if next_site else len(after)]
