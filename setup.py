"""Build script: compiles the Cython search core of the `solver` package."""
from Cython.Build import cythonize
from setuptools import Extension, setup

extensions = [
    Extension(
        "solver._engine",
        ["solver/_engine.pyx"],
        extra_compile_args=["-O3"],
    )
]

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
