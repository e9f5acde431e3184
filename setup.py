"""Build of the optional compiled double-dummy core (`bot/games/skat/_ddsc.c`).

The project's metadata lives in pyproject.toml; this file only adds the C extension. It is
optional: without a compiler the install still succeeds and `bot.games.skat.dds` uses its
Python search (same answers, slower).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "bot.games.skat._ddsc",
            sources=["bot/games/skat/_ddsc.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ],
)
