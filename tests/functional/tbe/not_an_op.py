"""
constants shared by several operators (not an operator itself)
"""
BLOCK_BYTES = 32
DTYPE_BYTES = {"float16": 2, "float32": 4, "int32": 4, "int64": 8}


def elements_per_block(dtype):
    """how many elements of dtype fit into one 32-byte block"""
    return BLOCK_BYTES // DTYPE_BYTES[dtype]
