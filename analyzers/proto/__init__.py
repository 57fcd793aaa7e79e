"""REG_OP prototypes and op-info (.json, .ini) -> capability tables merged with the TBE check lists."""
