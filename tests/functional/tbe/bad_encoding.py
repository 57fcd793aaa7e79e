"""latin-1 comment: café"""
x = 1
