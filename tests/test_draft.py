"""The peg row's draft: editing a row of colours, holding pegs and
carrying them to the next guess, with no rule of the game in it."""

from __future__ import annotations

from mastermind_tui.game.draft import Draft


def test_placing_moves_on_past_held_pegs_and_stops_at_the_end() -> None:
    draft = Draft(4, 6)
    assert draft.empty and draft.missing() == [1, 2, 3, 4]
    draft.move(1)
    draft.hold()
    draft.move(-1)
    draft.place(2)
    assert draft.cursor == 2  # position 2 is held: on to 3
    draft.place(3)
    draft.place(4)
    draft.place(5)
    assert draft.pegs == [2, None, 3, 5] and draft.cursor == 3  # stops on the last
    assert draft.missing() == [2]
    draft.move(9)
    assert draft.cursor == 3
    draft.move(-9)
    assert draft.cursor == 0


def test_up_and_down_cycle_the_colours() -> None:
    draft = Draft(2, 3)
    draft.cycle(1)
    assert draft.pegs[0] == 0
    draft.cycle(-1)
    assert draft.pegs[0] == 2  # wraps round
    draft.move(1)
    draft.cycle(-1)
    assert draft.pegs == [2, 2]  # a repeat is the parser's to refuse, not the draft's
    draft.clear()
    assert draft.pegs == [2, None]


def test_held_pegs_carry_the_played_guess_and_clearing_lets_go() -> None:
    draft = Draft(4, 6, pegs=[1, 2, 3, 4])
    assert draft.hold() is True
    draft.move(3)
    draft.hold()
    draft.carry((5, 5, 5, 0))  # a typed guess: its pegs at the held places carry
    assert draft.pegs == [5, None, None, 0] and draft.cursor == 1
    assert not draft.empty
    draft.move(2)
    draft.clear()
    assert draft.held == [True, False, False, False]
    for position in (1, 2, 3):
        draft.cursor = position
        draft.hold()
    assert draft.held == [True, True, True, True]
    draft.carry((1, 2, 3, 4))  # all held: the cursor on the first place
    assert draft.pegs == [1, 2, 3, 4] and draft.cursor == 0
