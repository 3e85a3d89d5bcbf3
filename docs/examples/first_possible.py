"""The first code still possible, in index order: the search of the 1978 listings."""

from engine.strategies.own import Choice, Position, Strategy


class FirstPossible(Strategy):
    name = "first-possible"
    summary = "the first code still possible, in index order"

    def choose(self, position: Position) -> Choice:
        guess = int(position.candidates[0])  # the codes still possible, sorted
        return Choice(guess, consistent=True, why="{guess} is the first code still possible.")
