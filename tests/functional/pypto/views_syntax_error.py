import pypto_pro.language as pl

def broken(:
    pl.make_tensor(x, [1])
