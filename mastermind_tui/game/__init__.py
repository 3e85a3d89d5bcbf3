"""The game model, free of Textual: sessions, settings, the kinds of game, the trace and
watch views, preferences. Imports the engine and the records, never the app, screens or widgets.
"""
