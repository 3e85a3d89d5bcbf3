"""Services the app owns (``app.recorder``, ``app.rating``, ``app.optimum``) and screens ask
for by message, which the app hands on: the records writer, ratings and the optimum
search. Each keeps its own book of jobs (``jobs.Jobs``) reporting to the app. Textual
messages and workers, no screens or widgets.
"""
