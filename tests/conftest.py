"""Suite-wide settings: property tests have no time limit per example.

Hypothesis by default fails an example that runs longer than 200 ms, and a test whose data
generation is slow; on a loaded machine either happens to code that is fine. What a property
test checks is the property, never how long an example took.
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "parlour", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("parlour")
