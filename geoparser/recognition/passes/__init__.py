"""Recognition passes: small named rules that propose toponyms a recogniser missed.

Each pass is one module (``news/`` for the conventions newspapers write by, ``social/`` and
``papers/`` for social text's and scientific papers'); ``chain.PASSES`` orders them.
"""
