"""The records database of finished games, free of Textual: its schema, its rows, and how
it fails. Imports the engine only.
"""
