"""Every ``mastermind`` command, one class a module (``base``: what each is), above the
command line and the app, which are handed the list (``main.COMMANDS``): the parser, the
home screen's Mode list, the palette, help and the records all read it.

Nothing is imported here, so that the console script (``entry``) takes over Ctrl-C before
anything is loaded.
"""
