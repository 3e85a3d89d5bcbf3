"""Walks over every secret: statistics and many games played fast, the level-by-level
walk of the big spaces, and the same work spread over processes or a Dask cluster.
"""
