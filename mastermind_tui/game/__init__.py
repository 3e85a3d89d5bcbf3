"""The game model, free of Textual: sessions, settings, modes, the trace and watch views,
preferences. Imports the engine and the records, never the app, screens or widgets.
"""
