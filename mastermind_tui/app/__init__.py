"""The Textual app shell and the services it owns: routing between screens, rating,
recording, the optimum search, the palette and the themes.
"""
