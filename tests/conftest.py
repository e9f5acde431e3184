"""Suite-wide settings: property tests have no time limit per example, and skipped PostgreSQL
cases are named once at the end of the run.

Hypothesis by default fails an example that runs longer than 200 ms, and a test whose data
generation is slow; on a loaded machine either happens to code that is fine. What a property
test checks is the property, never how long an example took.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from tests import postgres

settings.register_profile(
    "parlour", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("parlour")


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Say once, at the end, that PostgreSQL cases were skipped and how to run them."""
    for line in postgres.skipped:
        terminalreporter.write_line(line, yellow=True)
