"""Mastermind in the terminal: the Textual app, the retro BASIC mode and the command line.

Textual is imported only by the modules that open a screen, so ``mastermind solve`` and
``mastermind stats`` start as fast as numpy allows.
"""
