"""Shared test settings.

Hypothesis: no per-example deadline (CI shares two cores with other work, and timing is
measured by benchmarks, never by tests) and no example database written into the clone.
Records: off (MASTERMIND_RECORDS empty) for every test and every command a test runs, so
that no test writes to the user's data directory; tests of records name their own file.
"""

import os

from hypothesis import settings

os.environ["MASTERMIND_RECORDS"] = ""

settings.register_profile("project", deadline=None, database=None)
settings.load_profile("project")
