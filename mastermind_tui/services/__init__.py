"""Services the app owns and screens ask for by message: the optimum search (and, as they
leave the App's base classes, rating and recording). Textual messages and workers, no
screens or widgets.
"""
