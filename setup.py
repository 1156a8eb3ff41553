"""Build script: compiles the Cython search core of the `solver` package."""
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup

# The search counts cards with popcount; on x86-64 ask for the instruction instead of a call.
flags = ["-O3"]
if platform.machine().lower() in ("x86_64", "amd64"):
    flags.append("-mpopcnt")

extensions = [
    Extension(
        "solver._engine",
        ["solver/_engine.pyx"],
        extra_compile_args=flags,
    )
]
# The same search with the BMI2 instructions, which solver/_build.py loads on processors that
# run them in hardware (most x86-64 processors since 2013; the portable build elsewhere).
if platform.machine().lower() in ("x86_64", "amd64"):
    extensions.append(
        Extension(
            "solver._engine_bmi2",
            ["solver/_engine_bmi2.pyx"],
            extra_compile_args=flags + ["-mbmi", "-mbmi2", "-DPREFDD_BMI2"],
        )
    )

setup(
    ext_modules=cythonize(
        extensions,
        language_level=3,
        compiler_directives={
            "boundscheck": False,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": False,
        },
    )
)
