"""The optional compiled cores (setup.py's C extensions): built wherever a compiler is."""

from __future__ import annotations

import shutil
import sysconfig

import pytest


def compiler() -> str | None:
    """The C compiler setup.py would use, if this machine has one."""
    cc = (sysconfig.get_config_var("CC") or "gcc").split()[0]
    return shutil.which(cc) or shutil.which("gcc")


def require_built(built: bool, module: str) -> None:
    """Fail where a compiler is but ``module`` did not build (an install that fell back to
    Python silently); skip where there is no compiler, as the core is optional."""
    if compiler() is None:
        pytest.skip("no C compiler here: the core is optional")
    assert built, (f"a C compiler is here but {module} did not build or import: run "
                   "`pip install -e .` (setup.py builds it) and read its compiler output")
