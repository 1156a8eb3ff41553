# cython: language_level=3
# The search core compiled with the BMI2 instructions (setup.py): the same source as
# _engine.pyx, which the C preprocessor switches to them (PREFDD_BMI2). solver/_build.py loads
# it where the processor runs them fast.
include "_engine.pyx"
