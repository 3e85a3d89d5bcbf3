"""The retro BASIC mode: the 1978 Creative Computing MASTERMIND, exact to the character.

``dialogue`` is the program as a line-in, text-out state machine (no Textual: ``listing`` is
the program, ``basic_io`` its PRINT and INPUT); ``plain`` runs it on standard input and
output; ``screen`` shows it on a Textual teletype (its App is ``app.retro``, beside the
main app's shell).
"""
