"""Where the session classes used to live; kept so older imports still work.

New code imports from ``settings``, ``session``, ``watch_session`` and ``views``.
"""

from .session import Conflict, GameSession
from .settings import MODE_TITLES, MODES, Settings
from .views import MAP_LIMIT, Row, TraceView
from .watch_session import WatchSession

__all__ = [
    "MAP_LIMIT",
    "MODES",
    "MODE_TITLES",
    "Conflict",
    "GameSession",
    "Row",
    "Settings",
    "TraceView",
    "WatchSession",
]
