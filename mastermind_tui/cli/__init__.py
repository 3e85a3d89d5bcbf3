"""The ``mastermind`` command line: parsing, the commands that print, and the launch of the
apps. Imports the game model, the records and the engine; Textual only through the app it
starts, imported when a command needs a screen.
"""
