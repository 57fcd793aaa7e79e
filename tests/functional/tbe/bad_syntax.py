from impl.util.platform_adapter import tbe

def broken(x:
    return tbe.vabs(x)
