"""Where the data shipped with the package lies: the optimal trees and what follows each
first guess, by size and criterion, the caps' manifest and the best 8x5 tree found here."""

from pathlib import Path

#: The one folder of shipped data: gzipped JSON files and ``caps.json``.
DATA = Path(__file__).parent.parent / "data"
