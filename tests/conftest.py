"""Shared test settings.

Hypothesis: no per-example deadline (CI shares two cores with other work, and timing is
measured by benchmarks, never by tests) and no example database written into the clone.
"""

from hypothesis import settings

settings.register_profile("project", deadline=None, database=None)
settings.load_profile("project")
