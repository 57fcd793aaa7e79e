"""`migrate scaffold`: a TBE operator traced per dtype into an Ascend C operator in the ops-math layout."""
