"""Tools that make the data shipped with the package (``python -m engine.tools.…``):
nothing here runs in a game.
"""
