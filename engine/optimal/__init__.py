"""The exact optimal search, in one place (Koyama and Lai's optimum and its criteria: every
guess a code still possible, a cap on guesses, the worst case first).

Its modules, each importing only those below it:

* ``solutions``: the optimal trees by size and criterion, read from disk or searched
  (here, or spread over a cluster) and stored; what an interrupted search proved is kept;
* ``spread``: the search spread over other processes (a Dask cluster);
* ``tree``: the decision tree grown from the search, stored as JSON; rating a guess;
* ``search``: ``OptimalSearch``, the branch and bound's tables and its calls into the
  compiled kernel (the exact search a backend offers: ``engine.backends``);
* ``node``: a decision of the optimal strategy, and the tie rule;
* ``reach``: the sizes the search is offered for, the memory it needs, its symmetry tables.

The numba kernel itself is ``engine.backends.numba_search``, one file (numba's disk
cache keys on it).

The strategy that plays these trees, ``engine.strategies.optimal``, is registered with
the other strategies.
"""
