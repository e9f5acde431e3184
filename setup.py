"""Build of the optional compiled cores: the rules cores' model copies and card plays
(`bot/games/_copyc.c`),
Skat's double-dummy search (`bot/games/skat/_ddsc.c`) and claim search
(`bot/games/skat/_claimc.c`), and the patience solver's fast path (`bot/games/patience/_plainc.c`).

The project's metadata lives in pyproject.toml; this file only adds the C extensions. They are
optional: without a compiler the install still succeeds and `bot.games.base`,
`bot.games.skat.dds`, `bot.games.skat.solver` and `bot.games.patience.plain_core` use their
Python code (same results, slower).
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "bot.games._copyc",
            sources=["bot/games/_copyc.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(
            "bot.games.skat._ddsc",
            sources=["bot/games/skat/_ddsc.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(
            "bot.games.skat._claimc",
            sources=["bot/games/skat/_claimc.c"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
        Extension(
            "bot.games.patience._plainc",
            sources=["bot/games/patience/_plainc.c", "bot/games/patience/_plainc_moves.c",
                     "bot/games/patience/_plainc_search.c"],
            depends=["bot/games/patience/_plainc.h"],
            extra_compile_args=["-O2"],
            optional=True,
        ),
    ],
)
