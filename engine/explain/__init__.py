"""A decision told in words and as data: why a guess, how its ties read, what a move's
reasoning holds and which slips make contradicting answers fit.
"""
